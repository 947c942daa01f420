package io.rdmascope.report;

import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.mpa.StreamIssue;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * The {@code dissect} text output, in the spirit of {@code tshark -V}: for each frame its link, IP
 * and TCP layers, then the MPA, DDP and RDMAP layers of every PDU the frame completes, one line
 * per node ("label: display"), children indented by four spaces per level; frames separated by an
 * empty line.
 */
public final class DissectTextWriter implements FrameSink {
    private final PrintWriter out;
    private boolean first = true;

    public DissectTextWriter(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void frame(FrameRecord r) throws IOException {
        if (!first) {
            out.print('\n');
        }
        first = false;
        if (r.endOfCapture) {
            out.print("PDUs of frame " + r.frame + " completed at the end of the capture\n");
        }
        if (r.layers != null) {
            for (FieldNode n : r.layers) {
                print(n, 0);
            }
        } else if (!r.endOfCapture) {
            out.print("Frame " + r.frame + "\n");
        }
        for (PduRecord p : r.pdus) {
            if (p.tree() != null) {
                for (FieldNode n : p.tree()) {
                    print(n, 0);
                }
            }
        }
        for (FrameRecord.Issue i : r.issues) {
            StreamIssue s = i.issue();
            out.print("[" + i.connection() + " " + s.kind().name().toLowerCase(java.util.Locale.ROOT) + ": "
                    + s.message() + "]\n");
        }
        for (Violation v : r.violations) {
            out.print("[" + v.severity().jsonName() + " " + v.code().name() + ": " + v.message() + "]\n");
        }
        out.flush();
        if (out.checkError()) {
            throw new IOException("cannot write the output");
        }
    }

    /** Prints a node and its children at {@code depth}. */
    public void print(FieldNode n, int depth) {
        printTree(out, n, depth);
    }

    /** Prints a node and its children at {@code depth} into {@code out}. */
    public static void printTree(PrintWriter out, FieldNode n, int depth) {
        for (int i = 0; i < depth; i++) {
            out.print("    ");
        }
        out.print(n.label());
        if (n.display() != null && !n.display().isEmpty()) {
            out.print(": ");
            out.print(n.display());
        }
        out.print('\n');
        List<FieldNode> children = n.children();
        if (children != null) {
            for (FieldNode c : children) {
                printTree(out, c, depth + 1);
            }
        }
    }

    @Override
    public void finish() {
        out.flush();
    }
}
