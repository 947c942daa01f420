package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.FrameRow;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.TableColumn;

/**
 * Sorting the packet list by clicking a column header. The list is an index over the capture, not
 * rows, so a sort is a permutation of the shown frame numbers, computed off the application thread
 * from the model (times directly, the other columns from the rows the model builds) and then
 * handed to the {@link FrameList}. No. sorts by frame number; the field columns added with "Apply
 * as Column" sort by their values (numbers by value). While a capture is being read, headers do not sort.
 */
final class PacketSorter {
    private final PacketTable table;
    private final FrameList shown;
    private final Supplier<CaptureModel> model;
    private final java.util.function.BooleanSupplier loading;
    /** Counts sorts so that only the last one started is shown. */
    private int generation;
    private volatile boolean running;

    PacketSorter(PacketTable table, FrameList shown, Supplier<CaptureModel> model,
                 java.util.function.BooleanSupplier loading) {
        this.table = table;
        this.shown = shown;
        this.model = model;
        this.loading = loading;
        table.setSortPolicy(t -> {
            sort();
            return true;
        });
        shown.setOnShow(() -> {
            if (!table.getSortOrder().isEmpty()) {
                sort();
            }
        });
    }

    /** Whether a sort is being computed. */
    boolean isSorting() {
        return running;
    }

    /** Sorts the shown frames by the table's first sort column (unsorted when there is none). */
    void sort() {
        CaptureModel m = model.get();
        if (m == null || loading.getAsBoolean() || shown.size() == 0) {
            return;
        }
        TableColumn<FrameRow, ?> col = table.getSortOrder().isEmpty() ? null : table.getSortOrder().get(0);
        int gen = ++generation;
        if (col == null) {
            if (shown.isSorted()) {
                apply(null);
            }
            return;
        }
        java.util.function.Function<FrameRow, String> field = table.fieldValue(col.getText());
        Comparator<Integer> cmp = comparator(col.getText(), m) != null ? comparator(col.getText(), m)
                : field == null ? null
                : Comparator.<Integer, Comparable<?>>comparing(f -> key(field.apply(row(m, f))), PacketSorter::compareKeys)
                        .thenComparing(Comparator.naturalOrder());
        if (cmp == null) {
            return;
        }
        boolean descending = col.getSortType() == TableColumn.SortType.DESCENDING;
        int[] frames = shown.unsortedFrames();
        running = true;
        Thread t = new Thread(() -> {
            Integer[] boxed = Arrays.stream(frames).boxed().toArray(Integer[]::new);
            Arrays.sort(boxed, descending ? cmp.reversed() : cmp);
            int[] sorted = Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
            Platform.runLater(() -> {
                if (gen == generation) {
                    apply(sorted);
                    running = false;
                }
            });
        }, "rdmascope-sort");
        t.setDaemon(true);
        t.start();
    }

    /** Shows the frames in {@code sorted} order, keeping the selected frame selected. */
    private void apply(int[] sorted) {
        FrameRow sel = table.getSelectionModel().getSelectedItem();
        shown.order(sorted);
        if (sel != null) {
            int at = shown.indexOfFrame(sel.number());
            if (at >= 0) {
                table.getSelectionModel().clearAndSelect(at);
                table.scrollTo(Math.max(0, at - 3));
            }
        }
    }

    /** The order of frames for a column; ties by frame number. Null for a column that does not sort. */
    static Comparator<Integer> comparator(String column, CaptureModel m) {
        Comparator<Integer> byNumber = Comparator.naturalOrder();
        switch (column) {
            case "No.": return byNumber;
            case "Time": return Comparator.<Integer>comparingLong(m::timeNanos).thenComparing(byNumber);
            case "Length": return Comparator.<Integer>comparingInt(f -> row(m, f).length()).thenComparing(byNumber);
            case "Source": return Comparator.<Integer, String>comparing(f -> row(m, f).source()).thenComparing(byNumber);
            case "Destination":
                return Comparator.<Integer, String>comparing(f -> row(m, f).destination()).thenComparing(byNumber);
            case "Protocol":
                return Comparator.<Integer, String>comparing(f -> row(m, f).protocol()).thenComparing(byNumber);
            case "Info": return Comparator.<Integer, String>comparing(f -> row(m, f).info()).thenComparing(byNumber);
            default: return null;
        }
    }

    /** A field column's text as it sorts: a number (decimal or 0x hex) by value, other text as text. */
    static Comparable<?> key(String text) {
        String t = text == null ? "" : text.trim();
        try {
            if (t.startsWith("0x") && t.length() > 2 && t.indexOf(',') < 0) {
                return new java.math.BigInteger(t.substring(2), 16);
            }
            if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
                return new java.math.BigInteger(t);
            }
        } catch (NumberFormatException e) {
            // not a number: sorts as text
        }
        return t;
    }

    /** Numbers before texts, each in its order. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareKeys(Comparable<?> a, Comparable<?> b) {
        boolean na = a instanceof java.math.BigInteger, nb = b instanceof java.math.BigInteger;
        if (na != nb) {
            return na ? -1 : 1;
        }
        return ((Comparable) a).compareTo(b);
    }

    private static FrameRow row(CaptureModel m, long frame) {
        FrameRow r = m.row(frame);
        return r != null ? r : new FrameRow(frame, 0, "", "", "", 0, "");
    }
}
