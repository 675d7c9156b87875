package org.ringlab.bench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration for bench's records: a fork's task and result, and
 * results.json. Unknown fields are an error (a child of another version is caught, not half
 * read); NaN travels between parent and child as the string {@code "NaN"} (a fork's samples
 * keep unknowns exactly), while results.json maps its unknowns to {@code null} itself.
 */
public final class RecordJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            // "name": value, as people write JSON (Jackson's default is "name" : value).
            .defaultPrettyPrinter(new DefaultPrettyPrinter().withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)))
            .build();

    /**
     * results.json's: as strict, except that a component may be absent (a failed experiment has
     * no title or charts, an older file no fork indices); the schema says which are required.
     */
    private static final ObjectMapper RESULTS = MAPPER.copy()
            .disable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS.mappedFeature());

    private RecordJson() {
    }

    /** The fork records' mapper: every component present, unknown properties refused. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** results.json's mapper. */
    public static ObjectMapper results() {
        return RESULTS;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getSimpleName() + " as JSON: "
                    + e.getOriginalMessage(), e);
        }
    }

    public static void write(Path file, Object value) {
        try {
            MAPPER.writeValue(file.toFile(), value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Reads one {@code type} record; {@link IllegalArgumentException} names the file and what is wrong. */
    public static <T> T read(Path file, Class<T> type) {
        try {
            return MAPPER.readValue(file.toFile(), type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not a " + type.getSimpleName() + " record: "
                    + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a " + type.getSimpleName() + " record: " + e.getOriginalMessage(), e);
        }
    }
}
