package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The analysis views that are computed from the model only when their tab is shown, never while
 * a capture loads: the {@link FlowGraphView flow graph} (a tab after the Sequence tab) and the
 * statistics' views beyond the summary ({@link StatisticsPane#showView}).
 */
final class AnalysisViews {
    private final MainView view;
    private final FlowGraphView flow = new FlowGraphView();
    private final Tab flowTab = new Tab("Flow Graph", flow);
    private final StatisticsPane statistics;
    private final TabPane tabs;
    /** The model the flow graph shows, to tell when it must read again. */
    private CaptureModel flowShown;
    private boolean statisticsStale = true;

    AnalysisViews(MainView view, TabPane tabs, StatisticsPane statistics) {
        this.view = view;
        this.tabs = tabs;
        this.statistics = statistics;
        flow.setId("flowGraph");
        flowTab.setId("tabFlowGraph");
        TabCanvas.follow(flowTab, flow);
        int sequence = 0;
        for (int i = 0; i < tabs.getTabs().size(); i++) {
            if ("tabSequence".equals(tabs.getTabs().get(i).getId())) {
                sequence = i + 1;
            }
        }
        tabs.getTabs().add(sequence, flowTab);
        flow.setOnJump(view::jumpTo);
        statistics.attach(view::model, (FrameList) view.table().getItems());
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> shown(t));
    }

    /** A capture finished loading (or was cancelled): the views shown are computed again now, the others when shown. */
    void refresh(CaptureModel m) {
        flowShown = null;
        statisticsStale = true;
        shown(tabs.getSelectionModel().getSelectedItem());
    }

    private void shown(Tab t) {
        CaptureModel m = view.model();
        if (t == flowTab && m != flowShown) {
            flowShown = m;
            flow.show(m);
        } else if (t != null && t.getContent() == statistics && statisticsStale) {
            statisticsStale = false;
            statistics.refresh();
        }
    }

    FlowGraphView flow() {
        return flow;
    }
}
