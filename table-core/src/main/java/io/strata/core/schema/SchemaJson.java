package io.strata.core.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.core.errors.MetadataErrors;
import io.strata.core.json.PaimonJson;
import java.util.Map;

/** Reads and writes {@code schema/schema-<N>} files byte-for-byte as Paimon 1.3.1 lays them out. */
public final class SchemaJson {

  private static final String WHAT = "Schema JSON";

  private SchemaJson() {}

  /**
   * The file content: keys version, id, fields, highestFieldId, partitionKeys, primaryKeys,
   * options, comment (only when set), timeMillis.
   */
  public static String toJson(TableSchema schema) {
    return PaimonJson.pretty(
        gen -> {
          gen.writeStartObject();
          gen.writeNumberField("version", schema.version());
          gen.writeNumberField("id", schema.id());
          DataTypeJson.writeFields(gen, "fields", schema.fields());
          gen.writeNumberField("highestFieldId", schema.highestFieldId());
          PaimonJson.writeStringArray(gen, "partitionKeys", schema.partitionKeys());
          PaimonJson.writeStringArray(gen, "primaryKeys", schema.primaryKeys());
          PaimonJson.writeStringMap(gen, "options", schema.options());
          if (schema.comment() != null) {
            gen.writeStringField("comment", schema.comment());
          }
          gen.writeNumberField("timeMillis", schema.timeMillis());
          gen.writeEndObject();
        });
  }

  /**
   * Parses a schema file. Unknown keys are ignored; a missing {@code version} means a legacy
   * version-1 file, a missing {@code timeMillis} reads as 0.
   */
  public static TableSchema fromJson(String json) {
    JsonNode node = PaimonJson.parse(json);
    if (!node.isObject()) {
      throw MetadataErrors.notAnObject(WHAT);
    }
    Long version = PaimonJson.optionalLong(node, "version");
    Long timeMillis = PaimonJson.optionalLong(node, "timeMillis");
    Map<String, String> options = PaimonJson.stringMap(node, "options");
    return new TableSchema(
        version == null ? 1 : version.intValue(),
        PaimonJson.requiredLong(node, "id", WHAT),
        DataTypeJson.fieldsFromJsonNode(PaimonJson.required(node, "fields", WHAT)),
        Math.toIntExact(PaimonJson.requiredLong(node, "highestFieldId", WHAT)),
        PaimonJson.stringList(node, "partitionKeys"),
        PaimonJson.stringList(node, "primaryKeys"),
        options == null ? Map.of() : options,
        PaimonJson.optionalText(node, "comment"),
        timeMillis == null ? 0 : timeMillis);
  }
}
