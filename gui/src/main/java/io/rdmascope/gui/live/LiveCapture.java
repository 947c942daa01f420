package io.rdmascope.gui.live;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.capture.CaptureFilter;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pcap4j.core.PcapAddress;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

/**
 * Live capture for the desktop application, through the command line's capture code ({@link
 * LiveCaptureReader}): the interfaces to choose from, the capture filter checked before starting,
 * and a {@link CaptureModel} that shows the frames as they are captured, spooled to a temporary
 * pcap file as {@code rdmascope capture -w} writes one.
 */
public final class LiveCapture {
    private LiveCapture() {}

    /** An interface libpcap can capture on, with its addresses (IPv4 first, as they are listed). */
    public record Interface(String name, String description, List<String> addresses, boolean loopback, boolean up) {
        /** The interface as the list shows it: its name, then its description if any. */
        public String label() {
            return description == null || description.isBlank() ? name : name + " (" + description + ")";
        }
    }

    /**
     * The interfaces to capture on, in libpcap's order.
     *
     * @throws CaptureException with a one-line reason (libpcap missing, no permission to list them)
     */
    public static List<Interface> interfaces() throws CaptureException {
        List<Interface> out = new ArrayList<>();
        try {
            for (PcapNetworkInterface nif : Pcaps.findAllDevs()) {
                List<String> addresses = new ArrayList<>();
                for (PcapAddress a : nif.getAddresses()) {
                    InetAddress ip = a.getAddress();
                    if (ip != null) {
                        addresses.add(text(ip));
                    }
                }
                addresses.sort((x, y) -> Boolean.compare(x.contains(":"), y.contains(":")));
                out.add(new Interface(nif.getName(), nif.getDescription(), List.copyOf(addresses), nif.isLoopBack(),
                        nif.isUp()));
            }
        } catch (PcapNativeException e) {
            throw new CaptureException("cannot list the interfaces: " + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException("live capture needs libpcap, which is not available: " + e.getMessage(), e);
        }
        return out;
    }

    /** An address as people write it: IPv6 with its longest run of zero groups as "::", without a scope. */
    static String text(InetAddress ip) {
        String t = ip.getHostAddress();
        int scope = t.indexOf('%');
        t = scope < 0 ? t : t.substring(0, scope);
        if (!(ip instanceof Inet6Address)) {
            return t;
        }
        String[] groups = t.split(":");
        int bestAt = -1, bestLength = 1;
        for (int i = 0; i < groups.length; ) {
            int j = i;
            while (j < groups.length && groups[j].equals("0")) {
                j++;
            }
            if (j - i > bestLength) {
                bestAt = i;
                bestLength = j - i;
            }
            i = Math.max(j, i + 1);
        }
        if (bestAt < 0) {
            return t;
        }
        String head = String.join(":", java.util.Arrays.copyOfRange(groups, 0, bestAt));
        String tail = String.join(":", java.util.Arrays.copyOfRange(groups, bestAt + bestLength, groups.length));
        return head + "::" + tail;
    }

    /** Why a capture filter (BPF, tcpdump's syntax) cannot be used, or null when it can (a blank one too). */
    public static String filterProblem(String expression) {
        if (expression == null || expression.isBlank()) {
            return null;
        }
        try {
            new CaptureFilter(expression.trim());
            return null;
        } catch (CaptureException e) {
            return e.getMessage();
        }
    }

    /**
     * Opens {@code iface} now, so that a missing interface, a missing permission or a bad filter is
     * told here; the model's {@link CaptureModel#load} then reads it until it is cancelled.
     *
     * @param filter a capture filter, or null or blank for every frame
     * @throws IOException with a one-line reason
     */
    public static CaptureModel open(String iface, String filter) throws IOException {
        LiveSession session = LiveSession.open(iface, filter, LiveSession.Ring.NONE);
        try {
            return session.nextFile();
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }
}
