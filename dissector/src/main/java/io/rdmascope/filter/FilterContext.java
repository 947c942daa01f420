package io.rdmascope.filter;

import java.util.List;

/**
 * What a display filter is evaluated against: usually one frame. Field names are the stable names
 * of the detail tree ("ddp.stag", "tcp.srcport", "violation.code"); a frame may carry several
 * values for one field (two PDUs, two violations).
 */
public interface FilterContext {
    /**
     * The values of {@code field} in this context: {@link Long}, {@link Boolean} or {@link String};
     * an empty list when the field is absent. Never null.
     */
    List<?> values(String field);
}
