package io.strata.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.errors.MetadataErrors;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Shared JSON plumbing of the metadata codecs: Paimon's pretty-print layout and lenient reads. */
public final class PaimonJson {

  // Decimals as BigDecimal so that tag retentions keep their nanoseconds.
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  private static final JsonFactory FACTORY = MAPPER.getFactory();

  private PaimonJson() {}

  /** Writes one JSON value; the callback receives a generator set up like Paimon's files. */
  @FunctionalInterface
  public interface Body {
    /** Writes the value. */
    void write(JsonGenerator gen) throws IOException;
  }

  /**
   * Renders a value the way Paimon's Jackson writer does: two-space indented objects, inline arrays
   * ({@code [ 1, 2 ]}), {@code " : "} between key and value, {@code "\n"} line ends regardless of
   * platform, no trailing newline.
   */
  public static String pretty(Body body) {
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      gen.setPrettyPrinter(printer);
      body.write(gen);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /** Renders a value without any whitespace. */
  public static String compact(Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      body.write(gen);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  /** Parses JSON text into a tree; malformed input becomes an IllegalArgumentException. */
  public static JsonNode parse(String json) {
    try {
      JsonNode node = MAPPER.readTree(json);
      if (node == null || node.isMissingNode()) {
        throw MetadataErrors.emptyJson();
      }
      return node;
    } catch (IOException e) {
      throw MetadataErrors.malformedJson(e.getMessage(), e);
    }
  }

  /** The child, or null when it is absent or JSON null. */
  public static JsonNode child(JsonNode node, String key) {
    JsonNode v = node.get(key);
    return v == null || v.isNull() ? null : v;
  }

  /** A child that must be present. */
  public static JsonNode required(JsonNode node, String key, String what) {
    JsonNode v = child(node, key);
    if (v == null) {
      throw MetadataErrors.missingKey(what, key);
    }
    return v;
  }

  public static long requiredLong(JsonNode node, String key, String what) {
    JsonNode v = required(node, key, what);
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw MetadataErrors.notAnInteger(what, key, v);
    }
    return v.longValue();
  }

  public static Long optionalLong(JsonNode node, String key) {
    JsonNode v = child(node, key);
    return v == null ? null : v.longValue();
  }

  public static String optionalText(JsonNode node, String key) {
    JsonNode v = child(node, key);
    return v == null ? null : v.asText();
  }

  /** A JSON array of strings; absent or null reads as empty. */
  public static List<String> stringList(JsonNode node, String key) {
    JsonNode v = child(node, key);
    List<String> out = new ArrayList<>();
    if (v != null) {
      for (JsonNode item : v) {
        out.add(item.asText());
      }
    }
    return out;
  }

  /** A JSON object of strings in file order, or null when absent. */
  public static Map<String, String> stringMap(JsonNode node, String key) {
    JsonNode v = child(node, key);
    if (v == null) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      out.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText());
    }
    return out;
  }

  public static void writeStringArray(JsonGenerator gen, String key, List<String> values)
      throws IOException {
    gen.writeArrayFieldStart(key);
    for (String s : values) {
      gen.writeString(s);
    }
    gen.writeEndArray();
  }

  public static void writeStringMap(JsonGenerator gen, String key, Map<String, String> map)
      throws IOException {
    gen.writeObjectFieldStart(key);
    for (Map.Entry<String, String> e : map.entrySet()) {
      gen.writeStringField(e.getKey(), e.getValue());
    }
    gen.writeEndObject();
  }
}
