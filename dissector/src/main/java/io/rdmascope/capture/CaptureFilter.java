package io.rdmascope.capture;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Map;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;
import org.pcap4j.packet.namednumber.DataLinkType;

/**
 * A capture filter (BPF, tcpdump's syntax) applied to records already read, as libpcap applies it
 * to a live capture: the same expression filters a file, a stream or an interface alike. The
 * expression is compiled by libpcap once per link type met.
 */
public final class CaptureFilter {
    private static final int SNAP_LENGTH = 262144;
    /** libpcap's PCAP_NETMASK_UNKNOWN: the filter then cannot test broadcast addresses, as for a file. */
    private static final Inet4Address NETMASK_UNKNOWN;

    static {
        try {
            NETMASK_UNKNOWN = (Inet4Address) InetAddress.getByAddress(new byte[] {-1, -1, -1, -1});
        } catch (UnknownHostException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String expression;
    private final Map<Integer, BpfProgram> programs = new HashMap<>();
    private byte[] copy = new byte[2048];

    /** @throws CaptureException when libpcap is missing or the expression does not compile */
    public CaptureFilter(String expression) throws CaptureException {
        this.expression = expression;
        program(1); // Ethernet: a bad expression is told before anything is read
    }

    public String expression() {
        return expression;
    }

    /** Whether the record passes the filter. */
    public boolean accepts(Packet p) throws CaptureException {
        byte[] data = p.data;
        if (p.offset != 0) {
            if (copy.length < p.length) {
                copy = new byte[Math.max(p.length, copy.length * 2)];
            }
            System.arraycopy(p.data, p.offset, copy, 0, p.length);
            data = copy;
        }
        return program(p.linkType).applyFilter(data, p.originalLength, p.length);
    }

    private BpfProgram program(int linkType) throws CaptureException {
        BpfProgram b = programs.get(linkType);
        if (b == null) {
            try {
                b = Pcaps.compileFilter(SNAP_LENGTH, DataLinkType.getInstance(dlt(linkType)), expression,
                        BpfProgram.BpfCompileMode.OPTIMIZE, NETMASK_UNKNOWN);
            } catch (PcapNativeException e) {
                throw new CaptureException("capture filter \"" + expression + "\": " + e.getMessage(), e);
            } catch (LinkageError e) {
                throw new CaptureException("capture filters need libpcap, which is not available: " + e.getMessage(), e);
            }
            programs.put(linkType, b);
        }
        return b;
    }

    /** The DLT value libpcap knows a LINKTYPE value by (they differ for raw IP only, among those in use). */
    static int dlt(int linkType) {
        return linkType == 101 ? 12 : linkType;
    }

    /** The LINKTYPE value of a DLT value that libpcap reports. */
    static int linkType(int dlt) {
        return dlt == 12 || dlt == 14 ? 101 : dlt;
    }
}
