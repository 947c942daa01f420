package io.rdmascope.gui.model;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.roce.IbPacket;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The filter bar's language: {@link DisplayFilter}, the one of {@code dissect -Y} and {@code
 * analyze -Y}, evaluated over each frame's {@link CaptureModel#filterContext}, whose values come
 * from the model's index (the MPA, DDP and RDMAP fields, and those of an InfiniBand packet, only
 * when the filter names them). A text that does not parse gives a {@link FrameFilter} with the
 * parser's message ("filter: column 13: ...").
 */
public final class DisplayFilterCompiler implements FrameFilter.Compiler {
    /** The layers of an InfiniBand packet ({@code infiniband}, {@code bth}, {@code reth}, ...). */
    private static final Set<String> IB_LAYERS = Fields.reading(IbPacket.class).stream().map(Field::layer)
            .collect(Collectors.toUnmodifiableSet());
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
        boolean pdus = filter.uses("mpa") || filter.uses("ddp") || filter.uses("rdmap") || filter.uses("connection")
                || IB_LAYERS.stream().anyMatch(filter::uses);
        return new FrameFilter(frame -> {
            try {
                return filter.test(model.filterContext(frame, pdus));
            } catch (RuntimeException e) {
                return false;
            }
        }, null);
    }
}
