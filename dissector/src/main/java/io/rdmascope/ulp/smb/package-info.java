/**
 * SMB Direct (MS-SMBD) and the SMB2 READ and WRITE requests (MS-SMB2) whose buffer descriptors
 * advertise the client's buffers to the server's RDMA Reads and Writes. Layouts in
 * {@code ksy/smb_direct.ksy} and {@code ksy/smb2.ksy}.
 */
package io.rdmascope.ulp.smb;
