package io.rdmascope.tcp;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** A listener that records every event of every stream, for assertions. */
final class Recorder implements ConnectionListener {
    final List<TcpConnection> connections = new ArrayList<>();
    final List<Stream> streams = new ArrayList<>();
    /** Each {@link StreamHandler#retired} call: connection index, direction, frame. */
    final List<String> retired = new ArrayList<>();
    boolean dropResponder;

    final class Stream implements StreamHandler {
        final TcpConnection connection;
        final Direction direction;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<String> events = new ArrayList<>();
        long expected;

        Stream(TcpConnection connection, Direction direction) {
            this.connection = connection;
            this.direction = direction;
        }

        @Override
        public void data(long frame, long timeNanos, long streamOffset, byte[] buf, int off, int len) {
            if (streamOffset != expected) {
                throw new AssertionError("data at " + streamOffset + ", expected " + expected);
            }
            if (len <= 0) {
                throw new AssertionError("empty data");
            }
            expected += len;
            bytes.write(buf, off, len);
            events.add("data " + frame + " " + streamOffset + "+" + len);
        }

        @Override
        public void gap(long frame, long timeNanos, long streamOffset, long length) {
            missing("gap", frame, streamOffset, length);
        }

        @Override
        public void cut(long frame, long timeNanos, long streamOffset, long length) {
            missing("cut", frame, streamOffset, length);
        }

        /** Octets missing from the capture, lost ("gap") or left out by the snapshot length ("cut"). */
        private void missing(String what, long frame, long streamOffset, long length) {
            if (streamOffset != expected || length <= 0) {
                throw new AssertionError(what + " at " + streamOffset + "+" + length + ", expected " + expected);
            }
            expected += length;
            events.add(what + " " + frame + " " + streamOffset + "+" + length);
        }

        @Override
        public void end(long frame, long timeNanos, boolean reset) {
            events.add((reset ? "rst " : "fin ") + frame);
        }

        @Override
        public void captureEnd() {
            events.add("captureEnd");
        }

        @Override
        public void retired(long frame) {
            retired.add(connection.index() + " " + direction + " " + frame);
        }
    }

    @Override
    public StreamHandler open(TcpConnection connection, Direction direction) {
        if (direction == Direction.FROM_INITIATOR) {
            connections.add(connection);
        }
        if (dropResponder && direction == Direction.FROM_RESPONDER) {
            return null;
        }
        Stream s = new Stream(connection, direction);
        streams.add(s);
        return s;
    }

    Stream stream(int connectionIndex, Direction d) {
        for (Stream s : streams) {
            if (s.connection.index() == connectionIndex && s.direction == d) {
                return s;
            }
        }
        throw new AssertionError("no stream " + connectionIndex + " " + d);
    }
}
