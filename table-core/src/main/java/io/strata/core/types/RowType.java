package io.strata.core.types;

import io.strata.core.errors.SchemaErrors;
import java.util.ArrayList;
import java.util.List;

/** ROW of fields; also the type of a whole table row. */
public record RowType(List<DataField> fields, boolean nullable) implements DataType {

  public RowType {
    fields = List.copyOf(fields);
  }

  public RowType(List<DataField> fields) {
    this(fields, true);
  }

  @Override
  public DataTypeRoot root() {
    return DataTypeRoot.ROW;
  }

  @Override
  public RowType withNullable(boolean nullable) {
    return new RowType(fields, nullable);
  }

  public int size() {
    return fields.size();
  }

  public DataField field(int i) {
    return fields.get(i);
  }

  public DataType typeAt(int i) {
    return fields.get(i).type();
  }

  /** Position of the field with this name, or -1. */
  public int indexOf(String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  public List<String> fieldNames() {
    List<String> names = new ArrayList<>(fields.size());
    for (DataField f : fields) {
      names.add(f.name());
    }
    return names;
  }

  /** This row's fields followed by {@code more}. */
  public RowType append(List<DataField> more) {
    List<DataField> all = new ArrayList<>(fields);
    all.addAll(more);
    return new RowType(all);
  }

  /** The sub-row of the named fields, in the given order. */
  public RowType project(List<String> names) {
    List<DataField> projected = new ArrayList<>(names.size());
    for (String name : names) {
      int i = indexOf(name);
      if (i < 0) {
        throw SchemaErrors.fieldNotFound(name, fieldNames());
      }
      projected.add(fields.get(i));
    }
    return new RowType(projected);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("ROW<");
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append('`').append(fields.get(i).name()).append("` ").append(fields.get(i).type());
    }
    return sb.append('>').append(nullable ? "" : " NOT NULL").toString();
  }
}
