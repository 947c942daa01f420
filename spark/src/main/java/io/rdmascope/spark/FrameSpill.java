package io.rdmascope.spark;

import io.rdmascope.pipeline.SpillList;
import io.rdmascope.report.AnalysisTables;
import io.rdmascope.report.FrameRows;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames table of one task's capture, kept between the analysis and the task's output: the
 * column values of each {@link AnalysisTables#FRAMES} row in a {@link SpillList}, so a task's
 * memory does not grow with the number of frames.
 */
final class FrameSpill {
    private FrameSpill() {}

    private static final List<AnalysisTables.Column<AnalysisTables.FrameRow>> COLUMNS =
            AnalysisTables.FRAMES.columns();

    /** A new list, and the sink that fills it. */
    static SpillList<Object[]> list() {
        return new SpillList<>(CODEC, null);
    }

    static FrameRows.Sink sink(SpillList<Object[]> list) {
        return row -> {
            Object[] values = new Object[COLUMNS.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = COLUMNS.get(i).value().apply(row);
            }
            list.add(values);
        };
    }

    /** Column values of the FRAMES types, each preceded by whether it is present. */
    static final SpillList.Codec<Object[]> CODEC = new SpillList.Codec<>() {
        @Override
        public void write(DataOutput out, Object[] values) throws IOException {
            for (int i = 0; i < values.length; i++) {
                Object v = values[i];
                out.writeBoolean(v != null);
                if (v != null) {
                    switch (COLUMNS.get(i).type()) {
                        case INT64, TIMESTAMP_NANOS -> out.writeLong((Long) v);
                        case INT32 -> out.writeInt((Integer) v);
                        case BOOLEAN -> out.writeBoolean((Boolean) v);
                        case STRING -> string(out, (String) v);
                        case STRING_LIST -> {
                            List<?> l = (List<?>) v;
                            out.writeInt(l.size());
                            for (Object s : l) {
                                string(out, (String) s);
                            }
                        }
                        default -> throw new IllegalStateException("no frames column of type " + COLUMNS.get(i).type());
                    }
                }
            }
        }

        @Override
        public Object[] read(DataInput in) throws IOException {
            Object[] values = new Object[COLUMNS.size()];
            for (int i = 0; i < values.length; i++) {
                if (in.readBoolean()) {
                    values[i] = switch (COLUMNS.get(i).type()) {
                        case INT64, TIMESTAMP_NANOS -> in.readLong();
                        case INT32 -> in.readInt();
                        case BOOLEAN -> in.readBoolean();
                        case STRING -> string(in);
                        case STRING_LIST -> {
                            int n = in.readInt();
                            List<String> l = new ArrayList<>(n);
                            for (int k = 0; k < n; k++) {
                                l.add(string(in));
                            }
                            yield l;
                        }
                        default -> throw new IllegalStateException("no frames column of type " + COLUMNS.get(i).type());
                    };
                }
            }
            return values;
        }
    };

    private static void string(DataOutput out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInput in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
