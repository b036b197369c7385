package io.strata.core.scan;

import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.ValueConverters;
import io.strata.core.manifest.DataFileMeta;
import io.strata.core.manifest.SimpleStats;
import io.strata.core.manifest.StatsTypes;
import io.strata.core.schema.SchemaManager;
import io.strata.core.schema.TableSchema;
import io.strata.core.schema.TypeWidening;
import io.strata.core.types.AtomicType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.RowTrackingFields;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A file's value stats in the read schema's field order. Stats are mapped from the file's own
 * schema by field id, so renamed columns keep their stats and unknown ones are null (unknown),
 * never misapplied.
 */
public final class FileStatsReader {

  private final SchemaManager schemas;
  private final TableSchema readSchema;
  private final Map<StatsLayout, StatsMapping> mappings = new ConcurrentHashMap<>();

  public FileStatsReader(SchemaManager schemas, TableSchema readSchema) {
    this.schemas = schemas;
    this.readSchema = readSchema;
  }

  /**
   * Per read field: min, max and null count; an element is null where the file has no stats for the
   * field.
   */
  public record FileStats(Object[] min, Object[] max, Long[] nullCounts) {}

  private record StatsLayout(long schemaId, List<String> statsCols) {}

  /**
   * The columns a file's stats cover, in order, and per read field its position among them (or -1)
   * and how to widen its values.
   */
  private record StatsMapping(
      RowType statsType, int[] positions, ValueConverters.Converter[] converters) {}

  /**
   * The columns the stats of a file of {@code fileSchema} cover: its {@code valueStatsCols} where
   * it names them, else the columns it holds: its {@code writeCols} (a row-tracking rewrite adds
   * {@link RowTrackingFields} after the schema's), else all of its schema's.
   */
  public static RowType statsColumns(TableSchema fileSchema, DataFileMeta file) {
    return statsType(fileSchema, statsCols(file));
  }

  private static List<String> statsCols(DataFileMeta file) {
    return file.valueStatsCols() != null ? file.valueStatsCols() : file.writeCols();
  }

  private static RowType statsType(TableSchema fileSchema, List<String> statsCols) {
    if (statsCols == null) {
      return fileSchema.rowType();
    }
    List<DataField> fields = new ArrayList<>(statsCols.size());
    for (String name : statsCols) {
      DataField system = RowTrackingFields.named(name);
      fields.add(system != null ? system : fileSchema.rowType().project(List.of(name)).field(0));
    }
    return new RowType(fields);
  }

  /** The stats of {@code file}, or null when it has none. */
  public FileStats read(DataFileMeta file) {
    SimpleStats stats = file.valueStats();
    if (stats == null || (file.valueStatsCols() != null && file.valueStatsCols().isEmpty())) {
      return null;
    }
    TableSchema fileSchema =
        file.schemaId() == readSchema.id() ? readSchema : schemas.schema(file.schemaId());
    List<String> statsCols = statsCols(file);
    StatsMapping mapping =
        mappings.computeIfAbsent(
            new StatsLayout(file.schemaId(), statsCols),
            k -> mapById(statsType(fileSchema, statsCols)));
    RowType statsType = mapping.statsType();
    RowType storedType = StatsTypes.of(statsType);
    Object[] min = BinaryRowCodec.deserialize(storedType, stats.minValues());
    Object[] max = BinaryRowCodec.deserialize(storedType, stats.maxValues());
    List<Long> counts = stats.nullCounts();
    int n = readSchema.fields().size();
    Object[] readMin = new Object[n];
    Object[] readMax = new Object[n];
    Long[] readNulls = new Long[n];
    for (int i = 0; i < n; i++) {
      int j = mapping.positions()[i];
      if (j < 0) {
        continue;
      }
      ValueConverters.Converter converter = mapping.converters()[i];
      readMin[i] = ValueConverters.apply(converter, min[j]);
      readMax[i] = ValueConverters.apply(converter, max[j]);
      readNulls[i] = counts == null || j >= counts.size() ? null : counts.get(j);
    }
    return new FileStats(readMin, readMax, readNulls);
  }

  /**
   * For each read field, its position among the stats columns, or -1 (unknown stats). Stats of a
   * field whose type was widened since the file was written are converted like its values (every
   * widening keeps the order, so min and max stay exact); any other type change makes them unknown.
   */
  private StatsMapping mapById(RowType statsType) {
    List<DataField> readFields = readSchema.fields();
    int[] positions = new int[readFields.size()];
    ValueConverters.Converter[] converters = new ValueConverters.Converter[readFields.size()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = -1;
      DataField read = readFields.get(i);
      for (int j = 0; j < statsType.size(); j++) {
        DataField stored = statsType.field(j);
        if (stored.id() != read.id()) {
          continue;
        }
        if (sameType(stored.type(), read.type())) {
          positions[i] = j;
        } else if (stored.type() instanceof AtomicType
            && read.type() instanceof AtomicType
            && TypeWidening.isSafe(stored.type(), read.type())) {
          positions[i] = j;
          converters[i] = ValueConverters.create(stored.type(), read.type());
        }
      }
    }
    return new StatsMapping(statsType, positions, converters);
  }

  private static boolean sameType(DataType a, DataType b) {
    return a.withNullable(true).equals(b.withNullable(true));
  }
}
