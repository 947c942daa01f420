package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.FollowedStream;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCombination;

/**
 * The items of a Follow menu, as Wireshark lists TCP Stream, UDP Stream and the others and greys
 * those that the selected packet does not belong to: an MPA connection is followed as MPA or DDP
 * messages, a queue pair (RoCE, InfiniBand) as its packets or its messages. While the menu is
 * closed every item is enabled, so that the shortcuts follow whatever connection the selected
 * frame belongs to.
 */
final class FollowItems {
    /** The kind of connection the selected frame belongs to. */
    enum Kind { MPA, QUEUE_PAIR, NONE }

    private final MenuItem mpa = new MenuItem("MPA Stream");
    private final MenuItem ddp = new MenuItem("DDP Stream");
    private final MenuItem packets = new MenuItem("Queue Pair Packets");
    private final MenuItem messages = new MenuItem("Queue Pair Messages");

    /**
     * @param kind what the selected frame belongs to, asked each time the menu opens
     * @param follow opens the Follow window at a layer
     * @param withShortcuts whether the MPA and DDP items carry the Follow shortcuts (the main menu's do)
     */
    FollowItems(Menu menu, Supplier<Kind> kind, Consumer<FollowedStream.Layer> follow, boolean withShortcuts) {
        mpa.setId("followMpa");
        ddp.setId("followDdp");
        packets.setId("followQueuePairPackets");
        messages.setId("followQueuePairMessages");
        if (withShortcuts) {
            mpa.setAccelerator(KeyCombination.keyCombination("Shortcut+Alt+Shift+M"));
            ddp.setAccelerator(KeyCombination.keyCombination("Shortcut+Alt+Shift+D"));
        }
        mpa.setOnAction(e -> follow.accept(FollowedStream.Layer.MPA));
        packets.setOnAction(e -> follow.accept(FollowedStream.Layer.MPA));
        ddp.setOnAction(e -> follow.accept(FollowedStream.Layer.DDP));
        messages.setOnAction(e -> follow.accept(FollowedStream.Layer.DDP));
        menu.getItems().setAll(mpa, ddp, packets, messages);
        menu.setOnShowing(e -> update(kind.get()));
        menu.setOnHidden(e -> update(null));
    }

    /** Greys the items that do not apply to {@code kind}; null enables them all. */
    void update(Kind kind) {
        boolean notMpa = kind == Kind.QUEUE_PAIR || kind == Kind.NONE;
        boolean notQueuePair = kind == Kind.MPA || kind == Kind.NONE;
        mpa.setDisable(notMpa);
        ddp.setDisable(notMpa);
        packets.setDisable(notQueuePair);
        messages.setDisable(notQueuePair);
    }

    List<MenuItem> items() {
        return List.of(mpa, ddp, packets, messages);
    }
}
