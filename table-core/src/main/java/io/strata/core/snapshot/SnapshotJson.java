package io.strata.core.snapshot;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.errors.MetadataErrors;
import io.strata.core.json.PaimonJson;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads and writes {@code snapshot/snapshot-<N>} files exactly as Paimon 1.3.1 lays them out.
 *
 * <p>Null handling follows 1.3.1 key by key: {@code changelogManifestList}, {@code
 * totalRecordCount} and {@code deltaRecordCount} are always written (as JSON null when null); every
 * other nullable key is omitted when null. 1.3.1 itself always fills {@code logOffsets} ({}),
 * {@code changelogRecordCount} (0) and {@code nextRowId} (0), so writers that want identical files
 * set those too.
 */
public final class SnapshotJson {

  private static final String WHAT = "Snapshot JSON";

  private SnapshotJson() {}

  /** The file content of a snapshot. */
  public static String toJson(Snapshot snapshot) {
    return PaimonJson.pretty(
        gen -> {
          gen.writeStartObject();
          writeFields(gen, snapshot);
          gen.writeEndObject();
        });
  }

  /** Parses a snapshot file; unknown keys are ignored and a missing version means 1. */
  public static Snapshot fromJson(String json) {
    return fromJsonNode(PaimonJson.parse(json));
  }

  /** Writes the snapshot's keys into an object the caller has opened (tags add their own keys). */
  public static void writeFields(JsonGenerator gen, Snapshot s) throws IOException {
    gen.writeNumberField("version", s.version());
    gen.writeNumberField("id", s.id());
    gen.writeNumberField("schemaId", s.schemaId());
    writeOptional(gen, "baseManifestList", s.baseManifestList());
    writeOptional(gen, "baseManifestListSize", s.baseManifestListSize());
    writeOptional(gen, "deltaManifestList", s.deltaManifestList());
    writeOptional(gen, "deltaManifestListSize", s.deltaManifestListSize());
    gen.writeStringField("changelogManifestList", s.changelogManifestList());
    writeOptional(gen, "changelogManifestListSize", s.changelogManifestListSize());
    writeOptional(gen, "indexManifest", s.indexManifest());
    gen.writeStringField("commitUser", s.commitUser());
    gen.writeNumberField("commitIdentifier", s.commitIdentifier());
    gen.writeStringField("commitKind", s.commitKind().name());
    gen.writeNumberField("timeMillis", s.timeMillis());
    if (s.logOffsets() != null) {
      gen.writeObjectFieldStart("logOffsets");
      for (Map.Entry<Integer, Long> e : s.logOffsets().entrySet()) {
        gen.writeNumberField(String.valueOf(e.getKey()), e.getValue());
      }
      gen.writeEndObject();
    }
    writeNullable(gen, "totalRecordCount", s.totalRecordCount());
    writeNullable(gen, "deltaRecordCount", s.deltaRecordCount());
    writeOptional(gen, "changelogRecordCount", s.changelogRecordCount());
    writeOptional(gen, "watermark", s.watermark());
    writeOptional(gen, "statistics", s.statistics());
    if (s.properties() != null) {
      PaimonJson.writeStringMap(gen, "properties", s.properties());
    }
    writeOptional(gen, "nextRowId", s.nextRowId());
  }

  /** Reads a snapshot from a parsed object; extra keys (such as a tag's) are ignored. */
  public static Snapshot fromJsonNode(JsonNode node) {
    if (!node.isObject()) {
      throw MetadataErrors.notAnObject(WHAT);
    }
    Long version = PaimonJson.optionalLong(node, "version");
    String kind = PaimonJson.required(node, "commitKind", WHAT).asText();
    CommitKind commitKind;
    try {
      commitKind = CommitKind.valueOf(kind.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw MetadataErrors.unknownCommitKind(WHAT, kind, e);
    }
    Map<Integer, Long> logOffsets = null;
    JsonNode offsets = PaimonJson.child(node, "logOffsets");
    if (offsets != null) {
      logOffsets = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : offsets.properties()) {
        logOffsets.put(Integer.valueOf(e.getKey()), e.getValue().longValue());
      }
    }
    Long commitIdentifier = PaimonJson.optionalLong(node, "commitIdentifier");
    return new Snapshot(
        version == null ? 1 : version.intValue(),
        PaimonJson.requiredLong(node, "id", WHAT),
        PaimonJson.requiredLong(node, "schemaId", WHAT),
        PaimonJson.optionalText(node, "baseManifestList"),
        PaimonJson.optionalLong(node, "baseManifestListSize"),
        PaimonJson.optionalText(node, "deltaManifestList"),
        PaimonJson.optionalLong(node, "deltaManifestListSize"),
        PaimonJson.optionalText(node, "changelogManifestList"),
        PaimonJson.optionalLong(node, "changelogManifestListSize"),
        PaimonJson.optionalText(node, "indexManifest"),
        PaimonJson.optionalText(node, "commitUser"),
        commitIdentifier == null ? Snapshot.BATCH_COMMIT_IDENTIFIER : commitIdentifier,
        commitKind,
        PaimonJson.requiredLong(node, "timeMillis", WHAT),
        logOffsets,
        PaimonJson.optionalLong(node, "totalRecordCount"),
        PaimonJson.optionalLong(node, "deltaRecordCount"),
        PaimonJson.optionalLong(node, "changelogRecordCount"),
        PaimonJson.optionalLong(node, "watermark"),
        PaimonJson.optionalText(node, "statistics"),
        PaimonJson.stringMap(node, "properties"),
        PaimonJson.optionalLong(node, "nextRowId"));
  }

  private static void writeOptional(JsonGenerator gen, String key, String value)
      throws IOException {
    if (value != null) {
      gen.writeStringField(key, value);
    }
  }

  private static void writeOptional(JsonGenerator gen, String key, Long value) throws IOException {
    if (value != null) {
      gen.writeNumberField(key, value);
    }
  }

  private static void writeNullable(JsonGenerator gen, String key, Long value) throws IOException {
    if (value == null) {
      gen.writeNullField(key);
    } else {
      gen.writeNumberField(key, value);
    }
  }
}
