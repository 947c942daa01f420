package io.rdmascope.gui.ui;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How the packet list's Time column reads, as Wireshark's View > Time Display Format. */
public enum TimeFormat {
    SINCE_START("Seconds Since Beginning of Capture"),
    SINCE_PREVIOUS("Seconds Since Previous Displayed Packet"),
    ABSOLUTE("Date and Time of Day"),
    UTC("UTC Date and Time of Day");

    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS")
            .withZone(ZoneId.systemDefault());
    private static final DateTimeFormatter ZULU = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS'Z'")
            .withZone(ZoneOffset.UTC);

    final String label;

    TimeFormat(String label) {
        this.label = label;
    }

    /**
     * A frame's time as this format writes it.
     *
     * @param reference the time it is measured from: the first frame's, or the previous displayed one's
     */
    String format(long nanos, long reference) {
        switch (this) {
            case ABSOLUTE: return LOCAL.format(Instant.ofEpochSecond(0, nanos));
            case UTC: return ZULU.format(Instant.ofEpochSecond(0, nanos));
            default: return PacketTable.seconds(nanos - reference);
        }
    }
}
