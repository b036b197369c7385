package io.strata.spark;

import io.strata.core.data.BucketFunction;
import io.strata.core.types.RowType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.functions.BoundFunction;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * {@code strata_bucket(key1, ..., keyN, numBuckets)}: the fixed bucket Paimon assigns to a bucket
 * key (FORMAT.md §6). Writes cluster rows by it, so that each bucket is written by one task. The
 * same function with the number of buckets first, {@code bucket(numBuckets, key1, ..., keyN)}, is
 * what Spark binds to the {@code bucket} transform of a scan's reported partitioning.
 *
 * <p>The key types are the Spark types of the arguments; they hash like the table's own types
 * except for TIMESTAMP keys of precision 3 or less, which Spark widens to microseconds (such a
 * bucket may then be written by several tasks; the rows still land in their right bucket).
 */
public final class SparkBucketFunction implements UnboundFunction {

  private static final long serialVersionUID = 1L;

  /** The name under which {@link StrataCatalog} serves this function (empty namespace). */
  public static final String NAME = "strata_bucket";

  /** The name of the variant that takes the number of buckets first, as Spark's transform does. */
  public static final String TRANSFORM_NAME = "bucket";

  private final boolean bucketsFirst;

  /** {@code strata_bucket(key1, ..., keyN, numBuckets)}. */
  public SparkBucketFunction() {
    this(false);
  }

  private SparkBucketFunction(boolean bucketsFirst) {
    this.bucketsFirst = bucketsFirst;
  }

  /** {@code bucket(numBuckets, key1, ..., keyN)}, bound by Spark to a {@code bucket} transform. */
  public static SparkBucketFunction transform() {
    return new SparkBucketFunction(true);
  }

  @Override
  public BoundFunction bind(StructType inputType) {
    StructField[] fields = inputType.fields();
    int bucketsAt = bucketsFirst ? 0 : fields.length - 1;
    if (fields.length < 2 || !(fields[bucketsAt].dataType() instanceof IntegerType)) {
      throw SparkErrors.bucketFunctionArguments(name(), bucketsFirst, inputType.simpleString());
    }
    int from = bucketsFirst ? 1 : 0;
    StructType keys = new StructType(Arrays.copyOfRange(fields, from, from + fields.length - 1));
    return new Bound(name(), inputType, SparkTypes.toRowType(keys), bucketsFirst);
  }

  @Override
  public String description() {
    return bucketsFirst
        ? TRANSFORM_NAME + "(numBuckets, key1, ..., keyN): Paimon's fixed bucket of the key"
        : NAME + "(key1, ..., keyN, numBuckets): Paimon's fixed bucket of the key";
  }

  @Override
  public String name() {
    return bucketsFirst ? TRANSFORM_NAME : NAME;
  }

  /** The function bound to one list of key types. */
  private static final class Bound extends IntFunction {

    private static final long serialVersionUID = 1L;

    private final RowType keyType;
    private final SparkRowConverter keys;
    private final boolean bucketsFirst;

    Bound(String name, StructType inputType, RowType keyType, boolean bucketsFirst) {
      super(name, inputType);
      this.keyType = keyType;
      this.keys = new SparkRowConverter(keyType);
      this.bucketsFirst = bucketsFirst;
    }

    @Override
    public Integer produceResult(InternalRow input) {
      if (!bucketsFirst) {
        // The converter reads the first keyType.size() fields; numBuckets is the one after them.
        return BucketFunction.bucket(keyType, keys.toCore(input), input.getInt(keyType.size()));
      }
      Object[] key = new Object[keyType.size()];
      for (int i = 0; i < key.length; i++) {
        key[i] = input.isNullAt(i + 1) ? null : input.get(i + 1, inputTypes[i + 1]);
      }
      return BucketFunction.bucket(
          keyType, keys.toCore(new GenericInternalRow(key)), input.getInt(0));
    }
  }
}
