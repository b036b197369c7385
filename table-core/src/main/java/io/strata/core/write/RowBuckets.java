package io.strata.core.write;

import io.strata.core.data.BinaryRow;
import io.strata.core.data.BinaryRowCodec;
import io.strata.core.data.BucketFunction;
import io.strata.core.options.BucketFunctionType;
import io.strata.core.options.Options;
import io.strata.core.options.TableOptions;
import io.strata.core.schema.TableSchema;
import io.strata.core.types.RowType;
import java.io.Serializable;
import java.util.List;

/**
 * The bucket a row of a table falls in, as Paimon computes it: the hash of its bucket key ({@link
 * TableSchema#bucketKeys()}) modulo the count, or the key itself modulo the count with {@code
 * 'bucket-function.type' = 'mod'}.
 */
public final class RowBuckets implements Serializable {

  private static final long serialVersionUID = 1L;

  private final int[] keyIndexes;
  private final RowType keyType;
  private final boolean mod;

  public RowBuckets(TableSchema schema) {
    RowType rowType = schema.rowType();
    List<String> keys = schema.bucketKeys();
    this.keyIndexes = new int[keys.size()];
    for (int i = 0; i < keyIndexes.length; i++) {
      keyIndexes[i] = rowType.indexOf(keys.get(i));
    }
    this.keyType = rowType.project(keys);
    this.mod =
        new Options(schema.options()).get(TableOptions.BUCKET_FUNCTION_TYPE)
            == BucketFunctionType.MOD;
  }

  /** The bucket of {@code row} (the table's columns, in order) among {@code numBuckets}. */
  public int bucket(Object[] row, int numBuckets) {
    return mod
        ? BucketFunction.modBucket(row[keyIndexes[0]], numBuckets)
        : BucketFunction.bucket(key(row), numBuckets);
  }

  /** The hash of the row's bucket key, by which dynamic buckets assign keys. */
  public int hash(Object[] row) {
    return BucketFunction.hash(key(row));
  }

  private BinaryRow key(Object[] row) {
    Object[] key = new Object[keyIndexes.length];
    for (int i = 0; i < key.length; i++) {
      key[i] = row[keyIndexes[i]];
    }
    return BinaryRowCodec.serialize(keyType, key);
  }
}
