package io.rdmascope.ksy;

import static org.assertj.core.api.Assertions.assertThat;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStream;
import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.ksy.FixedLayout.DdpTaggedHeader;
import io.rdmascope.ksy.FixedLayout.DdpUntaggedHeader;
import io.rdmascope.ksy.FixedLayout.OneshotAdvertisedBuffer;
import io.rdmascope.ksy.FixedLayout.OneshotOptionalStag;
import io.rdmascope.ksy.FixedLayout.RdmapControl;
import io.rdmascope.ksy.FixedLayout.RdmapInvalidateStag;
import io.rdmascope.ksy.FixedLayout.RdmapReadRequest;
import java.util.Arrays;
import java.util.function.Function;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The readers generated from the specs' fixed-size types read what the Kaitai parsers generated
 * from the same specs read, at every offset, and each type's size is what the parser consumes.
 */
class FixedLayoutTest {
    /** The parser's reading of the type at {@code at}, which must take {@code size} octets. */
    private static <T> T parse(byte[] b, int at, int size, Function<KaitaiStream, T> parser) {
        ByteBufferKaitaiStream io = new ByteBufferKaitaiStream(Arrays.copyOfRange(b, at, b.length));
        T parsed = parser.apply(io);
        assertThat(io.pos()).as("octets the parser read").isEqualTo(size);
        return parsed;
    }

    @Property
    void controlOctetsReadAsTheParsersReadThem(@ForAll @Size(32) byte[] b, @ForAll @IntRange(max = 15) int at) {
        Ddp.Control c = parse(b, at, DdpControl.SIZE, Ddp.Control::new);
        assertThat(DdpControl.tagged(b, at)).isEqualTo(c.tagged());
        assertThat(DdpControl.last(b, at)).isEqualTo(c.last());
        assertThat(DdpControl.sv(b, at)).isEqualTo(c.sv());
        assertThat(DdpControl.ab(b, at)).isEqualTo(c.ab());
        assertThat((long) DdpControl.reserved(b, at)).isEqualTo(c.reserved());
        assertThat((long) DdpControl.version(b, at)).isEqualTo(c.version());

        Rdmap.Control r = parse(b, at, RdmapControl.SIZE, Rdmap.Control::new);
        assertThat((long) RdmapControl.version(b, at)).isEqualTo(r.version());
        assertThat((long) RdmapControl.reserved(b, at)).isEqualTo(r.reserved());
        assertThat((long) RdmapControl.opcode(b, at)).isEqualTo(r.opcode());
    }

    @Property
    void headersReadAsTheParsersReadThem(@ForAll @Size(32) byte[] b, @ForAll @IntRange(max = 15) int at) {
        Ddp.TaggedHeader t = parse(b, at, DdpTaggedHeader.SIZE, Ddp.TaggedHeader::new);
        assertThat(DdpTaggedHeader.stag(b, at)).isEqualTo(t.stag());
        assertThat(DdpTaggedHeader.to(b, at)).isEqualTo(t.to());

        Ddp.UntaggedHeader u = parse(b, at, DdpUntaggedHeader.SIZE, Ddp.UntaggedHeader::new);
        assertThat(RdmapInvalidateStag.stag(b, at + DdpUntaggedHeader.INVALIDATE_STAG_OFFSET))
                .isEqualTo(u.invalidateStag().stag());
        assertThat(DdpUntaggedHeader.qn(b, at)).isEqualTo(u.qn());
        assertThat(DdpUntaggedHeader.msn(b, at)).isEqualTo(u.msn());
        assertThat(DdpUntaggedHeader.mo(b, at)).isEqualTo(u.mo());

        Rdmap.InvalidateStag s = parse(b, at, RdmapInvalidateStag.SIZE, Rdmap.InvalidateStag::new);
        assertThat(RdmapInvalidateStag.stag(b, at)).isEqualTo(s.stag());
    }

    @Property
    void readRequestReadAsTheParserReadsIt(@ForAll @Size(48) byte[] b, @ForAll @IntRange(max = 15) int at) {
        Rdmap.ReadRequest r = parse(b, at, RdmapReadRequest.SIZE, Rdmap.ReadRequest::new);
        assertThat(RdmapReadRequest.sinkStag(b, at)).isEqualTo(r.sinkStag());
        assertThat(RdmapReadRequest.sinkTo(b, at)).isEqualTo(r.sinkTo());
        assertThat(RdmapReadRequest.readSize(b, at)).isEqualTo(r.readSize());
        assertThat(RdmapReadRequest.sourceStag(b, at)).isEqualTo(r.sourceStag());
        assertThat(RdmapReadRequest.sourceTo(b, at)).isEqualTo(r.sourceTo());
    }

    @Property
    void oneShotFieldsReadAsTheParsersReadThem(@ForAll @Size(32) byte[] b, @ForAll @IntRange(max = 15) int at) {
        Oneshot.OptionalStag o = parse(b, at, OneshotOptionalStag.SIZE, Oneshot.OptionalStag::new);
        assertThat(OneshotOptionalStag.stag(b, at)).isEqualTo(o.stag());

        Oneshot.AdvertisedBuffer a = parse(b, at, OneshotAdvertisedBuffer.SIZE, Oneshot.AdvertisedBuffer::new);
        assertThat(OneshotAdvertisedBuffer.to(b, at)).isEqualTo(a.to());
        assertThat(OneshotAdvertisedBuffer.length(b, at)).isEqualTo(a.length());
        assertThat(OneshotAdvertisedBuffer.access(b, at)).isEqualTo(a.access());
        assertThat((long) OneshotAdvertisedBuffer.reserved(b, at)).isEqualTo(a.reserved());
    }
}
