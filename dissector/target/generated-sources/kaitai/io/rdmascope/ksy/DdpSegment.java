// This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild

package io.rdmascope.ksy;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStruct;
import io.kaitai.struct.KaitaiStream;
import java.io.IOException;

public class DdpSegment extends KaitaiStruct {
    public static DdpSegment fromFile(String fileName) throws IOException {
        return new DdpSegment(new ByteBufferKaitaiStream(fileName));
    }

    public DdpSegment(KaitaiStream _io) {
        this(_io, null, null);
    }

    public DdpSegment(KaitaiStream _io, KaitaiStruct _parent) {
        this(_io, _parent, null);
    }

    public DdpSegment(KaitaiStream _io, KaitaiStruct _parent, DdpSegment _root) {
        super(_io);
        this._parent = _parent;
        this._root = _root == null ? this : _root;
        _read();
    }
    private void _read() {
        this.key = this._io.readBytes(16);
    }

    public void _fetchInstances() {
    }
    private byte[] key;
    private DdpSegment _root;
    private KaitaiStruct _parent;
    public byte[] key() { return key; }
    public DdpSegment _root() { return _root; }
    public KaitaiStruct _parent() { return _parent; }
}
