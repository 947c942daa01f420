package io.rdmascope.gui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import io.rdmascope.gui.ui.MainView;
import io.rdmascope.gui.ui.StatisticsPane;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Opens a capture in a real window (run it under Xvfb), shows each pane in turn and photographs
 * the screen with ImageMagick's {@code import -window root} (args: capture, output folder and,
 * optionally, the window's size as WIDTHxHEIGHT, 1580x980 by default). The packet list's shot
 * shows the first violation's frame, else the first transaction's, unless the system property
 * {@code rdmascope.shot.frame} names one.
 */
public final class ScreenshotMain extends Application {
    private MainView view;
    private final List<Runnable> steps = new ArrayList<>();
    private Path outDir;

    @Override
    public void start(Stage stage) {
        List<String> args = getParameters().getUnnamed();
        Path capture = Path.of(args.get(0));
        outDir = Path.of(args.size() > 1 ? args.get(1) : "/tmp");
        view = new MainView(PipelineCaptureModel::new, null);
        String[] size = (args.size() > 2 ? args.get(2) : "1580x980").split("x");
        stage.setScene(RdmascopeApp.scene(view, Double.parseDouble(size[0]), Double.parseDouble(size[1])));
        stage.setTitle("rdmascope \u2014 " + capture.getFileName());
        stage.setX(0);
        stage.setY(0);
        stage.show();
        view.open(capture);
        waitLoaded();
    }

    private void waitLoaded() {
        PauseTransition p = new PauseTransition(Duration.millis(300));
        p.setOnFinished(e -> {
            if (view.isLoading() || view.model() == null || !view.status().getText().contains(" note")) {
                waitLoaded();
            } else {
                plan();
                next();
            }
        });
        p.play();
    }

    private void plan() {
        List<Violation> vs = view.model().violations();
        List<Transaction> ts = view.model().transactions();
        long middle = Math.max(1, view.model().frameCount() / 2);
        steps.add(() -> {
            view.jumpTo(middle);
            shoot("0-middle", "Timeline");
        });
        long frame = Long.getLong("rdmascope.shot.frame",
                !vs.isEmpty() ? vs.get(0).frame() : ts.isEmpty() ? 1 : ts.get(0).initiationFrame);
        steps.add(() -> {
            view.jumpTo(frame);
            if (!view.selectField("ddp.to") && !view.selectField("ddp.stag") && view.selectField("bth")) {
                // an InfiniBand packet: its headers open beside the BTH highlighted
                var layers = view.details().getRoot().getChildren();
                layers.get(layers.size() - 1).getChildren().forEach(h -> h.setExpanded(true));
            }
            shoot("1-packets", "Timeline");
        });
        steps.add(() -> {
            if (!ts.isEmpty()) {
                view.selectTransaction(ts.get(Math.min(1, ts.size() - 1)));
            }
            shoot("2-timeline", "Timeline");
        });
        steps.add(() -> shoot("3-sequence", "Sequence"));
        steps.add(() -> {
            view.jumpTo(frame);
            shoot("4-violations", "Violations");
        });
        long advertised = ts.stream().filter(t -> t.advertisedFrame >= 0).mapToLong(Transaction::endFrame).findFirst()
                .orElse(frame);
        steps.add(() -> {
            view.jumpTo(advertised);
            shoot("5-nic", "NIC State");
        });
        steps.add(() -> shoot("6-statistics", "Statistics"));
        steps.add(() -> {
            if (!ts.isEmpty()) {
                Transaction t = ts.get(ts.size() / 2);
                view.timeline().zoom(1.0 / 64);
                view.selectTransaction(t);
            }
            shoot("7-timeline-zoomed", "Timeline");
        });
        steps.add(() -> shoot("8-flow-graph", "Flow Graph"));
        StatisticsPane stats = (StatisticsPane) view.lookup("#statistics");
        steps.add(() -> {
            shoot("9-conversations", "Statistics");
            stats.showView(StatisticsPane.CONVERSATIONS);
        });
        steps.add(() -> {
            shoot("10-io-graph", "Statistics");
            stats.showView(StatisticsPane.IO_GRAPH);
        });
        steps.add(Platform::exit);
    }

    private void shoot(String name, String tab) {
        view.tabs().getTabs().stream().filter(t -> t.getText().equals(tab)).findFirst()
                .ifPresent(t -> view.tabs().getSelectionModel().select(t));
        PauseTransition settle = new PauseTransition(Duration.seconds(1.5));
        settle.setOnFinished(e -> {
            Path out = outDir.resolve(name + ".png");
            try {
                new ProcessBuilder("import", "-window", "root", out.toString()).inheritIO().start().waitFor();
                System.out.println("wrote " + out);
            } catch (Exception ex) {
                ex.printStackTrace();
            }
            next();
        });
        settle.play();
    }

    private void next() {
        if (!steps.isEmpty()) {
            steps.remove(0).run();
        }
    }
}
