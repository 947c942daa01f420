package io.rdmascope.ksy;

import static org.assertj.core.api.Assertions.assertThat;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.ksy.FixedLayout.DdpTaggedHeader;
import io.rdmascope.ksy.FixedLayout.DdpUntaggedHeader;
import io.rdmascope.ksy.FixedLayout.OneshotAdvertisedBuffer;
import io.rdmascope.ksy.FixedLayout.OneshotOptionalStag;
import io.rdmascope.ksy.FixedLayout.RdmapControl;
import io.rdmascope.ksy.FixedLayout.RdmapInvalidateStag;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The readers generated from the specs' fixed-size types read what the Kaitai parsers generated
 * from the same specs read, at every offset, and each type's size is what the parser consumes.
 */
class FixedLayoutTest {
    private static ByteBufferKaitaiStream at(byte[] b, int at) {
        return new ByteBufferKaitaiStream(Arrays.copyOfRange(b, at, b.length));
    }

    @Property
    void controlOctetsReadAsTheParsersReadThem(@ForAll @Size(32) byte[] b, @ForAll @IntRange(max = 15) int at) {
        ByteBufferKaitaiStream io = at(b, at);
        Ddp.Control c = new Ddp.Control(io);
        assertThat(io.pos()).isEqualTo(DdpControl.SIZE);
        assertThat(DdpControl.tagged(b, at)).isEqualTo(c.tagged());
        assertThat(DdpControl.last(b, at)).isEqualTo(c.last());
        assertThat(DdpControl.sv(b, at)).isEqualTo(c.sv());
        assertThat(DdpControl.ab(b, at)).isEqualTo(c.ab());
        assertThat((long) DdpControl.reserved(b, at)).isEqualTo(c.reserved());
        assertThat((long) DdpControl.version(b, at)).isEqualTo(c.version());

        io = at(b, at);
        Rdmap.Control r = new Rdmap.Control(io);
        assertThat(io.pos()).isEqualTo(RdmapControl.SIZE);
        assertThat((long) RdmapControl.version(b, at)).isEqualTo(r.version());
        assertThat((long) RdmapControl.reserved(b, at)).isEqualTo(r.reserved());
        assertThat((long) RdmapControl.opcode(b, at)).isEqualTo(r.opcode());
    }

    @Property
    void headersReadAsTheParsersReadThem(@ForAll @Size(32) byte[] b, @ForAll @IntRange(max = 15) int at) {
        ByteBufferKaitaiStream io = at(b, at);
        Ddp.TaggedHeader t = new Ddp.TaggedHeader(io);
        assertThat(io.pos()).isEqualTo(DdpTaggedHeader.SIZE);
        assertThat(DdpTaggedHeader.stag(b, at)).isEqualTo(t.stag());
        assertThat(DdpTaggedHeader.to(b, at)).isEqualTo(t.to());

        io = at(b, at);
        Ddp.UntaggedHeader u = new Ddp.UntaggedHeader(io);
        assertThat(io.pos()).isEqualTo(DdpUntaggedHeader.SIZE);
        assertThat(RdmapInvalidateStag.stag(b, at + DdpUntaggedHeader.INVALIDATE_STAG_OFFSET))
                .isEqualTo(u.invalidateStag().stag());
        assertThat(DdpUntaggedHeader.qn(b, at)).isEqualTo(u.qn());
        assertThat(DdpUntaggedHeader.msn(b, at)).isEqualTo(u.msn());
        assertThat(DdpUntaggedHeader.mo(b, at)).isEqualTo(u.mo());

        io = at(b, at);
        Rdmap.InvalidateStag s = new Rdmap.InvalidateStag(io);
        assertThat(io.pos()).isEqualTo(RdmapInvalidateStag.SIZE);
        assertThat(RdmapInvalidateStag.stag(b, at)).isEqualTo(s.stag());
    }

    @Property
    void oneShotFieldsReadAsTheParsersReadThem(@ForAll @Size(32) byte[] b, @ForAll @IntRange(max = 15) int at) {
        ByteBufferKaitaiStream io = at(b, at);
        Oneshot.OptionalStag o = new Oneshot.OptionalStag(io);
        assertThat(io.pos()).isEqualTo(OneshotOptionalStag.SIZE);
        assertThat(OneshotOptionalStag.stag(b, at)).isEqualTo(o.stag());

        io = at(b, at);
        Oneshot.AdvertisedBuffer a = new Oneshot.AdvertisedBuffer(io);
        assertThat(io.pos()).isEqualTo(OneshotAdvertisedBuffer.SIZE);
        assertThat(OneshotAdvertisedBuffer.to(b, at)).isEqualTo(a.to());
        assertThat(OneshotAdvertisedBuffer.length(b, at)).isEqualTo(a.length());
        assertThat(OneshotAdvertisedBuffer.access(b, at)).isEqualTo(a.access());
        assertThat((long) OneshotAdvertisedBuffer.reserved(b, at)).isEqualTo(a.reserved());
    }
}
