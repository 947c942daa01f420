package io.rdmascope.report;

import io.rdmascope.filter.FilterContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A filter context that answers some fields itself and asks a base context for the others. */
public final class OverlayContext implements FilterContext {
    private final FilterContext base;
    private final Map<String, List<?>> fields = new HashMap<>();

    public OverlayContext(FilterContext base) {
        this.base = base;
    }

    public OverlayContext set(String field, List<?> values) {
        fields.put(field, values);
        return this;
    }

    @Override
    public List<?> values(String field) {
        List<?> v = fields.get(field);
        return v != null ? v : base.values(field);
    }
}
