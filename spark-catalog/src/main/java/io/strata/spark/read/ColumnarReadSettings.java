package io.strata.spark.read;

import java.io.Serializable;
import org.apache.spark.sql.internal.SQLConf;

/**
 * The session values the vectorized reader needs on executors, captured on the driver: executors of
 * a DSv2 scan do not see the session's SQLConf reliably outside Spark's own file sources.
 *
 * @param batchSize rows per columnar batch ({@code spark.sql.parquet.columnarReaderBatchSize})
 * @param offHeap whether column vectors live off heap ({@code
 *     spark.sql.columnVector.offheap.enabled})
 */
public record ColumnarReadSettings(int batchSize, boolean offHeap) implements Serializable {

  /** The settings of the active session (Spark's defaults without one). */
  public static ColumnarReadSettings fromSession() {
    SQLConf conf = SQLConf.get();
    return new ColumnarReadSettings(
        conf.parquetVectorizedReaderBatchSize(), conf.offHeapColumnVectorEnabled());
  }
}
