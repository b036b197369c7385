package io.strata.spark.read;

import io.strata.core.format.HadoopFiles;
import io.strata.core.format.OrcSchemas;
import io.strata.core.types.DataField;
import io.strata.core.types.RowType;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * One ORC data file read as Spark batches with orc-core's vectorized reader: top-level columns
 * matched by field id (the {@code paimon.id} attribute Paimon and Strata write; by name in a file
 * without it), only requested ones read, a column the file lacks a NULL constant, partition columns
 * constants of the split's values. Only atomic columns come here ({@link ColumnarScanCheck}).
 */
final class OrcBatchFile implements BatchSource {

  private final Reader reader;
  private final RecordReader rows;
  private final VectorizedRowBatch orcBatch;
  private final ColumnarBatch batch;

  private OrcBatchFile(
      Reader reader,
      RowType dataType,
      StructType partitionSchema,
      InternalRow partitionValues,
      int batchSize)
      throws IOException {
    this.reader = reader;
    TypeDescription schema = reader.getSchema();
    int[] positions = positions(dataType, schema);
    boolean[] include = new boolean[schema.getMaximumId() + 1];
    include[0] = true;
    for (int p : positions) {
      if (p >= 0) {
        TypeDescription column = schema.getChildren().get(p);
        for (int id = column.getId(); id <= column.getMaximumId(); id++) {
          include[id] = true;
        }
      }
    }
    this.rows = reader.rows(reader.options().include(include));
    this.orcBatch = schema.createRowBatch(batchSize);
    ColumnVector[] columns = new ColumnVector[dataType.size() + partitionSchema.size()];
    for (int i = 0; i < dataType.size(); i++) {
      org.apache.spark.sql.types.DataType type = SparkReadSchema.sparkType(dataType.typeAt(i));
      if (positions[i] >= 0) {
        columns[i] = new OrcVectorColumn(type, orcBatch, positions[i]);
      } else {
        ConstantColumnVector missing = new ConstantColumnVector(batchSize, type);
        missing.setNull();
        columns[i] = missing;
      }
    }
    for (int i = 0; i < partitionSchema.size(); i++) {
      ConstantColumnVector constant =
          new ConstantColumnVector(batchSize, partitionSchema.fields()[i].dataType());
      ColumnVectorUtils.populate(constant, partitionValues, i);
      columns[dataType.size() + i] = constant;
    }
    this.batch = new ColumnarBatch(columns);
  }

  /** Opens {@code path} of a known length; the caller closes it. */
  static OrcBatchFile open(
      FileSystem fs,
      Path path,
      long length,
      RowType dataType,
      StructType partitionSchema,
      InternalRow partitionValues,
      int batchSize)
      throws IOException {
    FileSystem raw = HadoopFiles.withoutChecksums(fs);
    Configuration conf = raw.getConf() == null ? new Configuration(false) : raw.getConf();
    Reader reader =
        OrcFile.createReader(
            path,
            OrcFile.readerOptions(conf).filesystem(raw).maxLength(length).useUTCTimestamp(true));
    try {
      return new OrcBatchFile(reader, dataType, partitionSchema, partitionValues, batchSize);
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  /**
   * For each field of {@code dataType}, the position of the file's top-level column with its id, or
   * -1 when the file has none.
   */
  static int[] positions(RowType dataType, TypeDescription schema) {
    List<TypeDescription> children = schema.getChildren();
    List<String> names = schema.getFieldNames();
    int[] positions = new int[dataType.size()];
    for (int i = 0; i < positions.length; i++) {
      DataField field = dataType.field(i);
      positions[i] = -1;
      for (int c = 0; c < children.size(); c++) {
        String id = children.get(c).getAttributeValue(OrcSchemas.FIELD_ID);
        if (id == null
            ? names.get(c).equals(field.name())
            : id.equals(String.valueOf(field.id()))) {
          positions[i] = c;
          break;
        }
      }
    }
    return positions;
  }

  @Override
  public boolean nextBatch() throws IOException {
    while (rows.nextBatch(orcBatch)) {
      if (orcBatch.size > 0) {
        batch.setNumRows(orcBatch.size);
        return true;
      }
    }
    return false;
  }

  @Override
  public ColumnarBatch resultBatch() {
    return batch;
  }

  @Override
  public void close() throws IOException {
    try {
      rows.close();
    } finally {
      reader.close();
    }
  }
}
