package io.rdmascope.pdu;

import io.rdmascope.fields.SpecDocs;

/**
 * The docs of the DDP, RDMAP and one-shot specs by spec, type and field: a view of {@link
 * SpecDocs} for the code that names a field by its place in a spec (the field registry, the names
 * of enum values in summaries).
 */
public final class FieldDocs {
    private FieldDocs() {}

    /**
     * The doc of a field.
     *
     * @param spec the spec id ("ddp", "rdmap", "oneshot")
     * @param type the type inside the spec ("tagged_header"), or "" for the spec's top-level type
     * @param field the field or instance id
     * @return its doc; a doc holding the field id as label when the spec does not document it
     */
    public static SpecDocs.Doc get(String spec, String type, String field) {
        SpecDocs.Doc d = SpecDocs.get(spec + "/" + type + "/" + field);
        return d != null ? d : new SpecDocs.Doc(field, null, -1, -1, null);
    }

    public static String label(String spec, String type, String field) {
        return get(spec, type, field).label();
    }

    /** The doc of an enum value, e.g. ("rdmap", "layer", 1) gives "DDP layer", or null when undefined. */
    public static String enumDoc(String spec, String enumName, long value) {
        return SpecDocs.enumDoc(spec, enumName, value);
    }

    /** Whether the specs were found on the classpath. */
    public static boolean loaded() {
        return SpecDocs.loaded();
    }
}
