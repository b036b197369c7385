package io.strata.spark;

import io.strata.core.data.BucketFunction;
import io.strata.core.types.RowType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.functions.BoundFunction;
import org.apache.spark.sql.connector.catalog.functions.UnboundFunction;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
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

  /**
   * The name of {@code strata_mod_bucket(key, numBuckets)}: the bucket of a {@code
   * 'bucket-function.type' = 'mod'} table, whose one INT or BIGINT key modulo the number of buckets
   * is its bucket.
   */
  public static final String MOD_NAME = "strata_mod_bucket";

  private final boolean bucketsFirst;
  private final boolean mod;

  /** {@code strata_bucket(key1, ..., keyN, numBuckets)}. */
  public SparkBucketFunction() {
    this(false, false);
  }

  private SparkBucketFunction(boolean bucketsFirst, boolean mod) {
    this.bucketsFirst = bucketsFirst;
    this.mod = mod;
  }

  /** {@code bucket(numBuckets, key1, ..., keyN)}, bound by Spark to a {@code bucket} transform. */
  public static SparkBucketFunction transform() {
    return new SparkBucketFunction(true, false);
  }

  /** {@code strata_mod_bucket(key, numBuckets)}. */
  public static SparkBucketFunction mod() {
    return new SparkBucketFunction(false, true);
  }

  @Override
  public BoundFunction bind(StructType inputType) {
    StructField[] fields = inputType.fields();
    int bucketsAt = bucketsFirst ? 0 : fields.length - 1;
    if (fields.length < 2 || !(fields[bucketsAt].dataType() instanceof IntegerType)) {
      throw SparkErrors.bucketFunctionArguments(name(), bucketsFirst, inputType.simpleString());
    }
    if (mod) {
      if (fields.length != 2
          || !(fields[0].dataType() instanceof IntegerType
              || fields[0].dataType() instanceof LongType)
          || !(fields[1].dataType() instanceof IntegerType)) {
        throw SparkErrors.modBucketFunctionArguments(name(), inputType.simpleString());
      }
      return new ModBound(inputType);
    }
    int from = bucketsFirst ? 1 : 0;
    StructType keys = new StructType(Arrays.copyOfRange(fields, from, from + fields.length - 1));
    return new Bound(name(), inputType, SparkTypes.toRowType(keys), bucketsFirst);
  }

  @Override
  public String description() {
    if (mod) {
      return MOD_NAME + "(key, numBuckets): the bucket of an INT or BIGINT key in a 'mod' table";
    }
    return bucketsFirst
        ? TRANSFORM_NAME + "(numBuckets, key1, ..., keyN): Paimon's fixed bucket of the key"
        : NAME + "(key1, ..., keyN, numBuckets): Paimon's fixed bucket of the key";
  }

  @Override
  public String name() {
    return mod ? MOD_NAME : bucketsFirst ? TRANSFORM_NAME : NAME;
  }

  /** {@code strata_mod_bucket} bound to an INT or BIGINT key. */
  private static final class ModBound extends IntFunction {

    private static final long serialVersionUID = 1L;

    private final boolean longKey;

    ModBound(StructType inputType) {
      super(MOD_NAME, inputType);
      this.longKey = inputType.fields()[0].dataType() instanceof LongType;
    }

    @Override
    public Integer produceResult(InternalRow input) {
      Object key = input.isNullAt(0) ? null : longKey ? input.getLong(0) : input.getInt(0);
      return BucketFunction.modBucket(key, input.getInt(1));
    }
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
