package io.strata.core.read;

import io.strata.core.data.ValueConverters;
import io.strata.core.types.ArrayType;
import io.strata.core.types.DataField;
import io.strata.core.types.DataType;
import io.strata.core.types.MapType;
import io.strata.core.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * How the files of one schema version are read as rows of a read type. The file's fields are
 * matched to the read fields by id (at every nesting level) and requested with the file's own names
 * and types, pruned to what the read type needs; {@link #map} then converts each value to the read
 * type. A read field the file lacks reads NULL.
 *
 * <p>Example: file schema {@code (0 id INT, 1 a STRING)}, read type {@code (1 a_renamed STRING, 0
 * id BIGINT, 3 c DOUBLE)}: requests {@code (a, id)} and maps {@code ["x", 7]} to {@code ["x", 7L,
 * null]}.
 */
public final class FieldMapping {

  private final List<DataField> requested;
  private final int[] sources;
  private final ValueConverters.Converter[] converters;

  private FieldMapping(
      List<DataField> requested, int[] sources, ValueConverters.Converter[] converters) {
    this.requested = List.copyOf(requested);
    this.sources = sources;
    this.converters = converters;
  }

  /** Maps the fields of a file's schema to the read type. */
  public static FieldMapping of(List<DataField> fileFields, RowType readType) {
    List<DataField> requested = new ArrayList<>();
    int[] sources = new int[readType.size()];
    ValueConverters.Converter[] converters = new ValueConverters.Converter[readType.size()];
    for (int i = 0; i < readType.size(); i++) {
      DataField read = readType.field(i);
      sources[i] = -1;
      for (DataField f : fileFields) {
        if (f.id() == read.id()) {
          DataField projected = f.withType(project(f.type(), read.type()));
          sources[i] = requested.size();
          requested.add(projected);
          converters[i] = ValueConverters.create(projected.type(), read.type());
        }
      }
    }
    return new FieldMapping(requested, sources, converters);
  }

  /** The file fields to read, with the file's names and types, in mapping order. */
  public List<DataField> requested() {
    return requested;
  }

  /**
   * The read row of a file row whose requested fields start at {@code offset} (after key, sequence
   * and kind columns in primary-key files).
   */
  public Object[] map(Object[] fileRow, int offset) {
    Object[] row = new Object[sources.length];
    for (int i = 0; i < sources.length; i++) {
      if (sources[i] >= 0) {
        row[i] = ValueConverters.apply(converters[i], fileRow[offset + sources[i]]);
      }
    }
    return row;
  }

  /** The file type pruned to the nested fields (by id) that the read type asks for. */
  private static DataType project(DataType fileType, DataType readType) {
    if (fileType instanceof RowType fileRow && readType instanceof RowType readRow) {
      List<DataField> kept = new ArrayList<>();
      for (DataField f : fileRow.fields()) {
        int i = ValueConverters.indexOfId(readRow, f.id());
        if (i >= 0) {
          kept.add(f.withType(project(f.type(), readRow.typeAt(i))));
        }
      }
      return new RowType(kept, fileRow.nullable());
    }
    if (fileType instanceof ArrayType a && readType instanceof ArrayType b) {
      return new ArrayType(project(a.element(), b.element()), a.nullable());
    }
    if (fileType instanceof MapType a && readType instanceof MapType b) {
      return new MapType(project(a.key(), b.key()), project(a.value(), b.value()), a.nullable());
    }
    return fileType;
  }
}
