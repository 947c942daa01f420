package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.Samples;
import io.rdmascope.gui.model.FrameRow;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A native InfiniBand capture (pcap link type 247, an LRH first): the packet list names the
 * carriage and the LIDs, the detail tree has the InfiniBand layer.
 */
class NativeInfinibandTest {
    /** An RC SEND Only of no payload from LID 1 to LID 2, QP 0x11, PSN 1 (its ICRC left zero). */
    private static byte[] sendOnly() {
        ByteBuffer b = ByteBuffer.allocate(8 + 12 + 4 + 2);
        b.put((byte) 0).put((byte) 0x02).putShort((short) 2).putShort((short) 6).putShort((short) 1); // LRH, LNH 2
        b.put((byte) 0x04).put((byte) 0).putShort((short) 0xffff).putInt(0x11).putInt(1); // BTH
        b.putInt(0).putShort((short) 0); // ICRC, VCRC
        return b.array();
    }

    private static Path capture(Path dir) throws Exception {
        byte[] packet = sendOnly();
        ByteBuffer b = ByteBuffer.allocate(24 + 16 + packet.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(247);
        b.putInt(1_700_000_000).putInt(0).putInt(packet.length).putInt(packet.length).put(packet);
        Path file = dir.resolve("ib.pcap");
        Files.write(file, b.array());
        return file;
    }

    @Test
    void rowsAndTreeOfANativeInfinibandPacket(@TempDir Path dir) throws Exception {
        try (PipelineCaptureModel m = Samples.loaded(capture(dir))) {
            assertThat(m.frameCount()).isEqualTo(1);
            FrameRow r = m.row(1);
            assertThat(r.protocol()).isEqualTo("InfiniBand");
            assertThat(r.source()).isEqualTo("LID 1");
            assertThat(r.destination()).isEqualTo("LID 2");
            assertThat(r.info()).startsWith("RC SEND Only QP=0x000011 PSN=1");
            List<FieldNode> layers = m.details(1);
            FieldNode ib = layers.get(layers.size() - 1);
            assertThat(ib.name()).isEqualTo("infiniband");
            assertThat(ib.offset()).isEqualTo(8);
            assertThat(ib.children()).extracting(FieldNode::name).contains("bth");
        }
    }
}
