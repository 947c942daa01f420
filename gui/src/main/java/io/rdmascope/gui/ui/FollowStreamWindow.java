package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.StreamMessage;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * Follow MPA Stream and Follow DDP Stream, as Wireshark's Follow TCP Stream: the messages of the
 * selected frame's MPA connection in order, each direction in its own colour (initiator red,
 * responder blue), shown as a hex dump or as ASCII, one direction or both. Selecting a message
 * selects its frame in the main window; "Filter this stream" puts {@code connection == cN} in the
 * filter bar; Save As writes what is shown, every octet of it.
 */
public final class FollowStreamWindow {
    /** Messages read at most; a longer stream ends with a line saying how many are shown. */
    static final int LIMIT = 5000;
    /** Octets of one message shown in the list; Save As writes them all. */
    static final int SHOWN_OCTETS = 4096;
    static final String HEX = "Hex Dump", ASCII = "ASCII";

    private final MainView main;
    private final CaptureModel model;
    private final String connection;
    private final Stage stage = new Stage();
    private final ListView<StreamMessage> list = new ListView<>();
    private final ComboBox<FollowedStream.Layer> layer = new ComboBox<>(
            FXCollections.observableArrayList(FollowedStream.Layer.values()));
    private final ComboBox<String> direction = new ComboBox<>();
    private final ComboBox<String> view = new ComboBox<>(FXCollections.observableArrayList(HEX, ASCII));
    private final Label title = new Label();
    private final Label note = new Label();
    private FollowedStream stream;
    private Task<FollowedStream> reading;
    private int limit = LIMIT;
    /** Whether the connection is a queue pair: its layers are then its packets and its messages. */
    private final boolean queuePair;

    private FollowStreamWindow(MainView main, CaptureModel model, String connection, FollowedStream.Layer l) {
        this.main = main;
        this.model = model;
        this.connection = connection;
        this.queuePair = model != null && model.queuePair(connection);
        layer.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(FollowedStream.Layer l) {
                return l == null ? "" : name(l);
            }

            @Override
            public FollowedStream.Layer fromString(String s) {
                return null;
            }
        });
        list.setId("followList");
        layer.setId("followLayer");
        direction.setId("followDirection");
        view.setId("followView");
        note.setId("followNote");
        layer.setValue(l);
        view.setValue(HEX);
        list.setCellFactory(v -> new MessageCell());
        list.getSelectionModel().selectedItemProperty().addListener((o, a, m) -> {
            if (m != null) {
                main.jumpTo(m.frame());
            }
        });
        layer.setOnAction(e -> read());
        direction.setOnAction(e -> refill());
        view.setOnAction(e -> list.refresh());
        Button filter = new Button("Filter this stream");
        filter.setId("followFilter");
        filter.setOnAction(e -> filterThisStream());
        Button save = new Button("Save As\u2026");
        save.setId("followSave");
        save.setOnAction(e -> chooseAndSave());
        Button close = new Button("Close");
        close.setOnAction(e -> stage.close());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        direction.setPrefWidth(340);
        HBox choices = new HBox(8, fixed(new Label("Layer")), layer, fixed(new Label("Show")), direction,
                fixed(new Label("as")), view);
        choices.setAlignment(Pos.CENTER_LEFT);
        HBox buttons = new HBox(8, note, gap, fixed(filter), fixed(save), fixed(close));
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox bottom = new VBox(6, choices, buttons);
        bottom.setPadding(new Insets(6));
        title.setPadding(new Insets(6));
        BorderPane root = new BorderPane(list, title, null, bottom, null);
        root.setId("followStream");
        stage.setScene(new Scene(root, 980, 680));
        if (main.window() != null) {
            stage.initOwner(main.window());
        }
    }

    /** A layer as this connection knows it: MPA and DDP, or a queue pair's packets and messages. */
    String name(FollowedStream.Layer l) {
        return !queuePair ? l.toString() : l == FollowedStream.Layer.MPA ? "Packets" : "Messages";
    }

    /** A control that keeps its whole text however narrow the window. */
    private static <T extends Region> T fixed(T r) {
        r.setMinWidth(Region.USE_PREF_SIZE);
        return r;
    }

    /**
     * Opens the window for the connection of {@code frame} and starts reading its messages; says
     * in the status bar why not, and returns null, when the frame belongs to no MPA connection.
     */
    static FollowStreamWindow open(MainView main, CaptureModel model, long frame, FollowedStream.Layer layer) {
        String id = model == null || frame < 1 ? null : model.connectionAt(frame);
        if (id == null) {
            main.status().setText(frame < 1 ? "Select a frame of an MPA connection to follow its stream"
                    : "Frame " + frame + " belongs to no MPA or queue-pair connection");
            return null;
        }
        FollowStreamWindow w = new FollowStreamWindow(main, model, id, layer);
        w.stage.show();
        w.read();
        return w;
    }

    /** Reads the first {@code n} messages of the stream again (a smaller bound than the usual). */
    public void readFirst(int n) {
        limit = n;
        read();
    }

    /** Reads the stream at the chosen layer in the background. */
    private void read() {
        if (reading != null) {
            reading.cancel();
        }
        FollowedStream.Layer l = layer.getValue();
        int max = limit;
        stage.setTitle("Follow " + (queuePair ? "Queue Pair " + name(l) : l + " Stream") + " (" + connection
                + ") \u2014 rdmascope");
        note.setText("Reading the messages of " + connection + " \u2026");
        list.getItems().clear();
        Task<FollowedStream> task = new Task<>() {
            @Override
            protected FollowedStream call() {
                return model.follow(connection, l, max);
            }
        };
        reading = task;
        task.setOnSucceeded(e -> {
            if (reading == task) {
                show(task.getValue());
            }
        });
        task.setOnFailed(e -> note.setText("Cannot read the stream: " + task.getException()));
        Thread t = new Thread(task, "rdmascope-follow");
        t.setDaemon(true);
        t.start();
    }

    private void show(FollowedStream s) {
        stream = s;
        title.setText((queuePair ? name(s.layer()) + " of queue pair " : s.layer() + " stream of ") + s.connection() + ": " + s.initiator() + " \u2194 " + s.responder());
        long a = 0, b = 0;
        for (StreamMessage m : s.messages()) {
            if (m.fromInitiator()) {
                a += m.payload().length;
            } else {
                b += m.payload().length;
            }
        }
        String selected = direction.getValue();
        int keep = selected == null ? 0 : Math.max(0, direction.getItems().indexOf(selected));
        direction.getItems().setAll("Entire conversation (" + (a + b) + " octets)",
                s.initiator() + " \u2192 " + s.responder() + " (" + a + " octets)",
                s.responder() + " \u2192 " + s.initiator() + " (" + b + " octets)");
        direction.getSelectionModel().select(keep);
        refill();
    }

    /** Lists the messages of the chosen direction, and says how many there are. */
    private void refill() {
        if (stream == null) {
            return;
        }
        int d = Math.max(0, direction.getSelectionModel().getSelectedIndex());
        ObservableList<StreamMessage> shown = FXCollections.observableArrayList();
        for (StreamMessage m : stream.messages()) {
            if (d == 0 || (d == 1) == m.fromInitiator()) {
                shown.add(m);
            }
        }
        list.getItems().setAll(shown);
        String count = StatusText.count(shown.size(), "message");
        note.setText(stream.more() ? "First " + stream.messages().size() + " messages shown (the stream has more); "
                + count + " in this direction" : count + "; click one to select its frame");
    }

    /** Puts {@code connection == cN} in the main window's filter bar and applies it. */
    public void filterThisStream() {
        main.filterField().setText(filter());
        main.applyFilter();
    }

    /** The display filter that keeps this stream's frames. */
    public String filter() {
        return "connection == " + connection;
    }

    private void chooseAndSave() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save Stream As");
        fc.setInitialFileName(connection + "-" + name(layer.getValue()).toLowerCase() + ".txt");
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            try {
                save(f.toPath());
            } catch (IOException e) {
                note.setText("Cannot save: " + e.getMessage());
            }
        }
    }

    /** Writes the messages listed, each with its header line and every octet, as the view shows them. */
    public void save(Path out) throws IOException {
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (StreamMessage m : list.getItems()) {
                w.write(headerLine(m));
                w.write('\n');
                w.write(body(m.payload(), m.payload().length, ASCII.equals(view.getValue())));
                w.write('\n');
            }
            if (stream != null && stream.more()) {
                w.write("# first " + stream.messages().size() + " messages shown\n");
            }
        }
    }

    private String headerLine(StreamMessage m) {
        String arrow = m.fromInitiator() ? "A\u2192B" : "B\u2192A";
        return "Frame " + m.frame() + "  " + arrow + "  " + m.header();
    }

    /** The first {@code max} octets as a hex dump (offset, 16 octets, ASCII) or as text. */
    static String body(byte[] b, int max, boolean ascii) {
        int n = Math.min(b.length, max);
        StringBuilder s = new StringBuilder(ascii ? n + 16 : (n / 16 + 1) * 76);
        if (ascii) {
            for (int i = 0; i < n; i++) {
                int v = b[i] & 0xff;
                s.append(v == '\n' || v == '\t' || v >= 0x20 && v < 0x7f ? (char) v : '.');
            }
        } else {
            for (int line = 0; line < n; line += 16) {
                s.append(String.format("%08x  ", line));
                for (int i = line; i < line + 16; i++) {
                    s.append(i < n ? String.format("%02x ", b[i] & 0xff) : "   ");
                    if (i == line + 7) {
                        s.append(' ');
                    }
                }
                s.append(' ');
                for (int i = line; i < Math.min(n, line + 16); i++) {
                    int v = b[i] & 0xff;
                    s.append(v >= 0x20 && v < 0x7f ? (char) v : '.');
                }
                if (line + 16 < n) {
                    s.append('\n');
                }
            }
        }
        if (b.length > n) {
            s.append("\n\u2026 ").append(b.length - n).append(" more octets (Save As writes them all)");
        }
        return s.toString();
    }

    /** A message: its header line, then its octets, in its direction's colours. */
    private final class MessageCell extends ListCell<StreamMessage> {
        MessageCell() {
            setStyle("-fx-font-family: 'Monospaced';");
        }

        @Override
        protected void updateItem(StreamMessage m, boolean empty) {
            super.updateItem(m, empty);
            if (empty || m == null) {
                setText(null);
                setStyle("-fx-font-family: 'Monospaced';");
                return;
            }
            String octets = m.payload().length == 0 ? "(no octets)"
                    : body(m.payload(), SHOWN_OCTETS, ASCII.equals(view.getValue()));
            setText(headerLine(m) + "\n" + octets);
            String colours = m.fromInitiator() ? "-fx-text-fill: #7f0000; -fx-background-color: #fbeded;"
                    : "-fx-text-fill: #00007f; -fx-background-color: #ededfb;";
            setStyle("-fx-font-family: 'Monospaced';" + (isSelected()
                    ? "-fx-background-color: #3d7bd9; -fx-text-fill: white;" : colours));
        }

        @Override
        public void updateSelected(boolean selected) {
            super.updateSelected(selected);
            updateItem(getItem(), isEmpty());
        }
    }

    // ---- for the tests

    public Stage stage() {
        return stage;
    }

    public ListView<StreamMessage> list() {
        return list;
    }

    public ComboBox<String> direction() {
        return direction;
    }

    public ComboBox<String> view() {
        return view;
    }

    public ComboBox<FollowedStream.Layer> layer() {
        return layer;
    }

    public Label note() {
        return note;
    }

    /** The stream read, or null while it is being read. */
    public FollowedStream stream() {
        return stream;
    }

    /** The text a message's line shows. */
    public String text(StreamMessage m) {
        return headerLine(m) + "\n" + body(m.payload(), SHOWN_OCTETS, ASCII.equals(view.getValue()));
    }
}
