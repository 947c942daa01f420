package io.rdmascope.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * tshark options that a tshark command line carries and that mean nothing more here: {@code -n}
 * (rdmascope never resolves names) and {@code -d} (decode as: MPA is recognised by its handshake
 * on any port, so the rule is checked and changes nothing). Shared by {@code analyze} and
 * {@code dissect}.
 */
final class TsharkOptions {
    private static final Pattern DECODE_AS = Pattern.compile("tcp\\.(src|dst)?port==[0-9]{1,5}(-[0-9]{1,5})?,"
            + "(iwarp_mpa|iwarp_ddp_rdmap|mpa)");

    @Option(names = "-n", description = "no name resolution, as tshark -n (rdmascope never resolves names)")
    boolean numeric;

    @Option(names = "-d", paramLabel = "tcp.port==N,iwarp_mpa",
            description = "decode as, as tshark -d: accepted for iWARP rules; MPA is recognised by its handshake on "
                    + "any port, so the rule changes nothing")
    List<String> decodeAs = new ArrayList<>();

    /** Why a {@code -d} rule is refused, or null. */
    String check() {
        for (String rule : decodeAs) {
            if (!DECODE_AS.matcher(rule.replace(" ", "")).matches()) {
                return "-d " + rule + ": rdmascope decodes iWARP over TCP only; the rule reads tcp.port==N,iwarp_mpa";
            }
        }
        return null;
    }
}
