package io.strata.spark;

import io.strata.core.data.BucketFunction;
import io.strata.core.types.RowType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.functions.BoundFunction;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * {@code strata_bucket(key1, ..., keyN, numBuckets)}: the fixed bucket Paimon assigns to a bucket
 * key (FORMAT.md §6). Writes cluster rows by it, so that each bucket is written by one task.
 *
 * <p>The key types are the Spark types of the arguments; they hash like the table's own types
 * except for TIMESTAMP keys of precision 3 or less, which Spark widens to microseconds (such a
 * bucket may then be written by several tasks; the rows still land in their right bucket).
 */
public final class SparkBucketFunction implements UnboundFunction {

  private static final long serialVersionUID = 1L;

  /** The name under which {@link StrataCatalog} serves this function (empty namespace). */
  public static final String NAME = "strata_bucket";

  @Override
  public BoundFunction bind(StructType inputType) {
    StructField[] fields = inputType.fields();
    if (fields.length < 2 || !(fields[fields.length - 1].dataType() instanceof IntegerType)) {
      throw SparkErrors.bucketFunctionArguments(NAME, inputType.simpleString());
    }
    StructType keys = new StructType(Arrays.copyOf(fields, fields.length - 1));
    return new Bound(inputType, SparkTypes.toRowType(keys));
  }

  @Override
  public String description() {
    return NAME + "(key1, ..., keyN, numBuckets): Paimon's fixed bucket of the key";
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The function bound to one list of key types. */
  private static final class Bound implements ScalarFunction<Integer> {

    private static final long serialVersionUID = 1L;

    private final DataType[] inputTypes;
    private final RowType keyType;
    private final SparkRowConverter keys;

    Bound(StructType inputType, RowType keyType) {
      this.inputTypes =
          Arrays.stream(inputType.fields()).map(StructField::dataType).toArray(DataType[]::new);
      this.keyType = keyType;
      this.keys = new SparkRowConverter(keyType);
    }

    @Override
    public Integer produceResult(InternalRow input) {
      // The converter reads the first keyType.size() fields; numBuckets is the one after them.
      return BucketFunction.bucket(keyType, keys.toCore(input), input.getInt(keyType.size()));
    }

    @Override
    public DataType[] inputTypes() {
      return inputTypes;
    }

    @Override
    public DataType resultType() {
      return DataTypes.IntegerType;
    }

    @Override
    public boolean isResultNullable() {
      return false;
    }

    @Override
    public String name() {
      return NAME;
    }
  }
}
