package io.rdmascope.gui.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.model.FrameRow;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

/** The packet list's items while frames keep coming (a live capture, a file still loading). */
class FrameListTest {
    private static FrameList list() {
        FrameList l = new FrameList();
        l.reset(f -> new FrameRow(f, 0, "", "", "", 0, ""));
        return l;
    }

    private static List<Long> frames(FrameList l) {
        List<Long> out = new ArrayList<>();
        for (FrameRow r : l) {
            out.add(r.number());
        }
        return out;
    }

    @Test
    void aFilterShownKeepsApplyingToTheFramesThatComeLater() {
        FrameList l = list();
        l.grow(5);
        List<Integer> added = new ArrayList<>();
        l.addListener((ListChangeListener<FrameRow>) c -> {
            while (c.next()) {
                if (c.wasAdded() && !c.wasReplaced()) {
                    added.add(c.getAddedSize());
                }
            }
        });
        // the filter was evaluated over frames 1 to 4 while frame 5 arrived
        l.show(new int[] {2, 4}, f -> f % 2 == 0, 4);
        assertThat(frames(l)).containsExactly(2L, 4L);
        l.grow(11);
        assertThat(frames(l)).containsExactly(2L, 4L, 6L, 8L, 10L);
        assertThat(added).containsExactly(3);
        // every frame again: later frames are all shown
        l.show(null);
        l.grow(12);
        assertThat(l).hasSize(12);
    }
}
