package io.rdmascope.gui.model;

import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;

/**
 * The filter bar's language: {@link DisplayFilter}, the one of {@code dissect -Y} and {@code
 * analyze -Y}, evaluated over each frame's {@link CaptureModel#filterContext}, whose values come
 * from the model's index (the MPA, DDP and RDMAP fields only when the filter names them). A text that does not
 * parse gives a {@link FrameFilter} with the parser's message ("filter: column 13: ...").
 */
public final class DisplayFilterCompiler implements FrameFilter.Compiler {
    private final CaptureModel model;

    public DisplayFilterCompiler(CaptureModel model) {
        this.model = model;
    }

    @Override
    public FrameFilter compile(String text) {
        if (text == null || text.isBlank()) {
            return FrameFilter.ALL;
        }
        DisplayFilter filter;
        try {
            filter = DisplayFilter.compile(text);
        } catch (FilterException e) {
            return FrameFilter.error(e.getMessage());
        } catch (RuntimeException e) {
            return FrameFilter.error("filter: " + e.getMessage());
        }
        boolean pdus = filter.uses("mpa") || filter.uses("ddp") || filter.uses("rdmap") || filter.uses("connection");
        return new FrameFilter(frame -> {
            try {
                return filter.test(model.filterContext(frame, pdus));
            } catch (RuntimeException e) {
                return false;
            }
        }, null);
    }
}
