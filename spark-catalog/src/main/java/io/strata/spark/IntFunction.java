package io.strata.spark;

import java.util.Arrays;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A catalog function bound to one list of input types, whose result is a non-null INT. Spark treats
 * two bound functions as hashing alike only when their canonical names are equal, so the name
 * carries the input types.
 */
abstract class IntFunction implements ScalarFunction<Integer> {

  private static final long serialVersionUID = 1L;

  private final String name;
  protected final DataType[] inputTypes;

  IntFunction(String name, StructType inputType) {
    this.name = name;
    this.inputTypes =
        Arrays.stream(inputType.fields()).map(StructField::dataType).toArray(DataType[]::new);
  }

  @Override
  public final String canonicalName() {
    return "strata."
        + name
        + Arrays.stream(inputTypes).map(DataType::simpleString).toList().toString();
  }

  @Override
  public final DataType[] inputTypes() {
    return inputTypes;
  }

  @Override
  public final DataType resultType() {
    return DataTypes.IntegerType;
  }

  @Override
  public final boolean isResultNullable() {
    return false;
  }

  @Override
  public final String name() {
    return name;
  }
}
