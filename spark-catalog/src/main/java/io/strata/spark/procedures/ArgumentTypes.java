package io.strata.spark.procedures;

import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;

/** Which argument types may be passed to a parameter: the same type or a lossless widening. */
final class ArgumentTypes {

  private ArgumentTypes() {}

  static boolean losslessTo(DataType given, DataType declared) {
    if (given.equals(declared) || given instanceof NullType) {
      return true;
    }
    if (declared instanceof LongType) {
      return given instanceof IntegerType
          || given instanceof ShortType
          || given instanceof ByteType;
    }
    if (declared instanceof IntegerType) {
      return given instanceof ShortType || given instanceof ByteType;
    }
    if (declared instanceof DoubleType) {
      return given instanceof FloatType;
    }
    return false;
  }
}
