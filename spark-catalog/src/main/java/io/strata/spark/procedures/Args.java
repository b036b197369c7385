package io.strata.spark.procedures;

import io.strata.spark.SparkErrors;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/** The bound arguments of one call, read by parameter name. */
final class Args {

  private final String procedure;
  private final List<Param> params;
  private final InternalRow row;

  Args(String procedure, List<Param> params, InternalRow row) {
    this.procedure = procedure;
    this.params = params;
    this.row = row;
  }

  private int index(String name) {
    for (int i = 0; i < params.size(); i++) {
      if (params.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException(procedure + " declares no parameter " + name);
  }

  boolean isSet(String name) {
    int i = index(name);
    return i < row.numFields() && !row.isNullAt(i);
  }

  String string(String name) {
    int i = index(name);
    return isSet(name) ? row.getUTF8String(i).toString() : null;
  }

  /** A required string that must not be blank. */
  String requiredString(String name) {
    String v = string(name);
    if (v == null || v.isBlank()) {
      throw SparkErrors.emptyStringArgument(procedure, name);
    }
    return v;
  }

  Long longValue(String name) {
    int i = index(name);
    if (!isSet(name)) {
      return null;
    }
    DataType t = params.get(i).type();
    return t.equals(DataTypes.IntegerType) ? (long) row.getInt(i) : row.getLong(i);
  }

  Integer intValue(String name) {
    Long v = longValue(name);
    return v == null ? null : Math.toIntExact(v);
  }

  Boolean bool(String name) {
    int i = index(name);
    return isSet(name) ? row.getBoolean(i) : null;
  }
}
