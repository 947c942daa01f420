package io.rdmascope.synth.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Reads a scenario from YAML and checks it. Every error becomes a {@link ScenarioException} naming
 * the line: Jackson's token locations for what the binder rejects (unknown field, wrong type), the
 * line remembered by each element for what the checks reject (undefined connection, missing field).
 */
public final class ScenarioParser {
    static final Map<String, Supplier<Class<? extends Step>>> KINDS = new LinkedHashMap<>();

    static {
        KINDS.put("connect", () -> Step.Connect.class);
        KINDS.put("advertise", () -> Step.Advertise.class);
        KINDS.put("write", () -> Step.Write.class);
        KINDS.put("read", () -> Step.Read.class);
        KINDS.put("send", () -> Step.Send.class);
        KINDS.put("complete", () -> Step.Complete.class);
        KINDS.put("terminate", () -> Step.Terminate.class);
        KINDS.put("close", () -> Step.Close.class);
        KINDS.put("immediate", () -> Step.Immediate.class);
        KINDS.put("atomic", () -> Step.Atomic.class);
        KINDS.put("wait", () -> Step.Wait.class);
    }

    private final ObjectMapper mapper;

    public ScenarioParser() {
        SimpleModule module = new SimpleModule("scenario");
        module.addDeserializer(Step.class, new StepDeserializer());
        module.addDeserializer(Long.class, new UnsignedLongDeserializer());
        module.setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription desc,
                                                          JsonDeserializer<?> deserializer) {
                if (Located.class.isAssignableFrom(desc.getBeanClass()) && !Step.class.isAssignableFrom(desc.getBeanClass())) {
                    return new LocatingDeserializer(deserializer);
                }
                return deserializer;
            }
        });
        mapper = new ObjectMapper(new YAMLFactory())
                .registerModule(module)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
    }

    public Scenario parse(Path file) throws ScenarioException, IOException {
        String name = file.getFileName().toString();
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, name);
        }
    }

    /** Parses and checks a scenario; {@code source} names it in error messages. */
    public Scenario parse(InputStream in, String source) throws ScenarioException, IOException {
        Scenario s;
        try {
            s = mapper.readValue(in, Scenario.class);
        } catch (StepProblem e) {
            throw new ScenarioException(source, e.line, e.text);
        } catch (JsonMappingException e) {
            StepProblem sp = findStepProblem(e);
            if (sp != null) {
                throw new ScenarioException(source, sp.line, sp.text);
            }
            throw new ScenarioException(source, line(e.getLocation()), describe(e));
        } catch (JsonProcessingException e) {
            throw new ScenarioException(source, line(e.getLocation()), "not valid YAML: " + firstLine(e.getOriginalMessage()));
        }
        if (s == null) {
            throw new ScenarioException(source, 0, "the scenario is empty");
        }
        new ScenarioChecker(source).check(s);
        return s;
    }

    private static StepProblem findStepProblem(Throwable t) {
        for (int i = 0; t != null && i < 10; i++, t = t.getCause()) {
            if (t instanceof StepProblem) {
                return (StepProblem) t;
            }
        }
        return null;
    }

    static int line(JsonLocation loc) {
        return loc == null ? 0 : Math.max(0, loc.getLineNr());
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    /** A teacher-readable account of what the binder rejected. */
    static String describe(JsonMappingException e) {
        String field = null;
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                field = r.getFieldName();
            }
        }
        if (e instanceof UnrecognizedPropertyException) {
            UnrecognizedPropertyException u = (UnrecognizedPropertyException) e;
            TreeSet<String> known = new TreeSet<>();
            if (u.getKnownPropertyIds() != null) {
                for (Object o : u.getKnownPropertyIds()) {
                    known.add(String.valueOf(o));
                }
            }
            return "unknown field '" + u.getPropertyName() + "'" + (known.isEmpty() ? "" : " (known fields: "
                    + String.join(", ", known) + ")");
        }
        if (e instanceof InvalidFormatException) {
            InvalidFormatException f = (InvalidFormatException) e;
            String type = f.getTargetType() == null ? "value" : typeName(f.getTargetType());
            return (field == null ? "" : "field '" + field + "': ") + "cannot read '" + f.getValue() + "' as " + type;
        }
        if (e instanceof MismatchedInputException) {
            MismatchedInputException m = (MismatchedInputException) e;
            String type = m.getTargetType() == null ? "value" : typeName(m.getTargetType());
            return (field == null ? "" : "field '" + field + "': ") + "expected " + type;
        }
        return firstLine(e.getOriginalMessage());
    }

    static String typeName(Class<?> c) {
        if (c == Long.class || c == long.class || c == Integer.class || c == int.class) {
            return "a whole number";
        }
        if (c == Boolean.class || c == boolean.class) {
            return "true or false";
        }
        if (c == String.class) {
            return "text";
        }
        if (c.isEnum()) {
            StringBuilder sb = new StringBuilder("one of");
            for (Object o : c.getEnumConstants()) {
                sb.append(' ').append(((Enum<?>) o).name().toLowerCase().replace('_', '-'));
            }
            return sb.toString();
        }
        if (java.util.List.class.isAssignableFrom(c) || c.isArray()) {
            return "a list";
        }
        return "a " + c.getSimpleName().toLowerCase() + " mapping";
    }

    /** A binding error inside a step, already phrased with the step's kind. */
    static final class StepProblem extends JsonMappingException {
        final int line;
        final String text;

        StepProblem(JsonParser p, int line, String text) {
            super(p, text);
            this.line = line;
            this.text = text;
        }
    }

    /** Reads {@code - kind: {fields}} into the Step subclass of that kind, remembering the line. */
    static final class StepDeserializer extends StdDeserializer<Step> {
        StepDeserializer() {
            super(Step.class);
        }

        @Override
        public Step deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            int line = line(p.currentTokenLocation());
            if (p.currentToken() != JsonToken.START_OBJECT) {
                throw new StepProblem(p, line, "a step is a mapping with one key naming its kind, one of "
                        + String.join(", ", KINDS.keySet()));
            }
            JsonToken t = p.nextToken();
            if (t != JsonToken.FIELD_NAME) {
                throw new StepProblem(p, line, "empty step: name its kind, one of " + String.join(", ", KINDS.keySet()));
            }
            String kind = p.currentName();
            line = line(p.currentTokenLocation());
            Supplier<Class<? extends Step>> cls = KINDS.get(kind);
            if (cls == null) {
                throw new StepProblem(p, line, "unknown step '" + kind + "' (steps are: " + String.join(", ", KINDS.keySet()) + ")");
            }
            p.nextToken();
            Step step;
            try {
                if (p.currentToken() == JsonToken.VALUE_NULL) {
                    step = cls.get().getDeclaredConstructor().newInstance();
                } else {
                    step = ctxt.readValue(p, cls.get());
                }
            } catch (StepProblem e) {
                throw e;
            } catch (JsonMappingException e) {
                throw new StepProblem(p, line(e.getLocation()) > 0 ? line(e.getLocation()) : line,
                        "step '" + kind + "': " + describe(e));
            } catch (ReflectiveOperationException e) {
                throw new StepProblem(p, line, "step '" + kind + "' cannot be created");
            }
            step.line = line;
            if (p.nextToken() != JsonToken.END_OBJECT) {
                throw new StepProblem(p, line(p.currentTokenLocation()), "step '" + kind + "': one kind per step; start a new '- "
                        + p.currentName() + ":' item");
            }
            return step;
        }
    }

    /**
     * Whole numbers up to 2^64 - 1 (tagged offsets and addresses such as 0xff3f7481c31dd000), kept
     * in a long as the unsigned 64-bit value they name.
     */
    static final class UnsignedLongDeserializer extends com.fasterxml.jackson.databind.deser.std.StdDeserializer<Long> {
        private static final com.fasterxml.jackson.databind.deser.std.NumberDeserializers.LongDeserializer STANDARD =
                new com.fasterxml.jackson.databind.deser.std.NumberDeserializers.LongDeserializer(Long.class, null);

        UnsignedLongDeserializer() {
            super(Long.class);
        }

        @Override
        public Long deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_INT) {
                java.math.BigInteger v = p.getBigIntegerValue();
                if (v.signum() < 0 ? v.bitLength() <= 63 : v.bitLength() <= 64) {
                    return v.longValue();
                }
                return (Long) ctxt.handleWeirdNumberValue(Long.class, v, "more than 64 bits");
            }
            return STANDARD.deserialize(p, ctxt);
        }
    }

    /** Remembers the line where each {@link Located} element starts. */
    static final class LocatingDeserializer extends DelegatingDeserializer {
        LocatingDeserializer(JsonDeserializer<?> d) {
            super(d);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new LocatingDeserializer(newDelegatee);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            int line = line(p.currentTokenLocation());
            Object o = super.deserialize(p, ctxt);
            if (o instanceof Located) {
                ((Located) o).line = line;
            }
            return o;
        }
    }
}
