package io.strata.spark.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.sql.vectorized.ColumnarRow;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** Views of some rows of a batch, as the columnar reader hands on batches with deleted rows. */
class SelectedRowsVectorTest {

  @Test
  void mapsEveryAccessOnceThroughStructsAndArrays() {
    OnHeapColumnVector ids = new OnHeapColumnVector(5, DataTypes.LongType);
    OnHeapColumnVector names = new OnHeapColumnVector(5, DataTypes.StringType);
    StructType pointType =
        new StructType().add("x", DataTypes.IntegerType).add("tag", DataTypes.StringType);
    OnHeapColumnVector points = new OnHeapColumnVector(5, pointType);
    OnHeapColumnVector lists =
        new OnHeapColumnVector(5, DataTypes.createArrayType(DataTypes.IntegerType));
    for (int row = 0; row < 5; row++) {
      ids.putLong(row, 100 + row);
      if (row == 3) {
        names.putNull(row);
      } else {
        byte[] name = ("n" + row).getBytes();
        names.putByteArray(row, name);
      }
      points.getChild(0).putInt(row, row * 10);
      ((OnHeapColumnVector) points.getChild(1)).putByteArray(row, ("t" + row).getBytes());
      lists.putArray(row, row, 1);
      lists.arrayData().putInt(row, row * 7);
    }
    int[] kept = {1, 3, 4};
    ColumnVector[] views = {
      new SelectedRowsVector(ids, kept, 3),
      new SelectedRowsVector(names, kept, 3),
      new SelectedRowsVector(points, kept, 3),
      new SelectedRowsVector(lists, kept, 3)
    };
    ColumnarBatch batch = new ColumnarBatch(views, 3);

    assertThat(batch.numRows()).isEqualTo(3);
    assertThat(views[0].getLong(0)).isEqualTo(101);
    assertThat(views[0].getLong(2)).isEqualTo(104);
    assertThat(views[1].getUTF8String(0)).isEqualTo(UTF8String.fromString("n1"));
    assertThat(views[1].isNullAt(1)).isTrue();
    assertThat(views[1].numNulls()).isEqualTo(1);
    ColumnarRow point = views[2].getStruct(2);
    assertThat(point.getInt(0)).isEqualTo(40);
    assertThat(point.getUTF8String(1)).isEqualTo(UTF8String.fromString("t4"));
    assertThat(views[3].getArray(1).toIntArray()).containsExactly(21);
    assertThat(batch.getRow(1).getLong(0)).isEqualTo(103);
    assertThat(batch.getRow(1).getStruct(2, 2).getInt(0)).isEqualTo(30);
  }
}
