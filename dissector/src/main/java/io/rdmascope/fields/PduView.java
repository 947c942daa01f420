package io.rdmascope.fields;

import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;
import java.util.Map;

/**
 * One PDU of a frame as the registry's view fields read it ({@link Field#value(PduView)}): the
 * {@code mpa}, {@code ddp} and {@code rdmap} objects of the dissect JSON, and the parts of the
 * wire that only the detail tree shows otherwise.
 */
public interface PduView {
    /** The MPA object (never null). */
    Map<String, Object> mpa();

    /** The DDP object, or null for an MPA Request or Reply. */
    Map<String, Object> ddp();

    /** The RDMAP object, or null for an MPA Request or Reply. */
    Map<String, Object> rdmap();

    /** The MPA Request or Reply, or null for an FPDU. */
    MpaHandshake handshake();

    /** The pad octets of an FPDU, or null when there are none or they are all zero. */
    byte[] pad();

    /** The Terminate header, or null. */
    DdpSegment.Terminate terminate();

    /** The Atomic Request header, or null. */
    DdpSegment.AtomicRequest atomicRequest();

    /** The Atomic Response header, or null. */
    DdpSegment.AtomicResponse atomicResponse();
}
