package io.strata.core.merge;

import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a primary-key data file: {@code _KEY_<k>} per trimmed key column, {@code
 * _SEQUENCE_NUMBER}, {@code _VALUE_KIND}, then every table column (FORMAT.md §7).
 */
public final class KeyValueLayout implements Serializable {

  private static final long serialVersionUID = 1L;

  public static final String KEY_PREFIX = "_KEY_";
  public static final int KEY_FIELD_ID_START = Integer.MAX_VALUE / 2;
  public static final String SEQUENCE_NUMBER = "_SEQUENCE_NUMBER";
  public static final int SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 1;
  public static final String VALUE_KIND = "_VALUE_KIND";
  public static final int VALUE_KIND_ID = Integer.MAX_VALUE - 2;

  private final RowType keyType;
  private final RowType valueType;
  private final int[] keyIndexesInValue;
  private final RowType fileType;

  public KeyValueLayout(RowType keyType, RowType valueType) {
    this.keyType = keyType;
    this.valueType = valueType;
    this.keyIndexesInValue = new int[keyType.size()];
    List<DataField> fields = new ArrayList<>();
    for (int i = 0; i < keyType.size(); i++) {
      DataField k = keyType.field(i);
      keyIndexesInValue[i] = valueType.indexOf(k.name());
      fields.add(
          new DataField(KEY_FIELD_ID_START + k.id(), KEY_PREFIX + k.name(), k.type().notNull()));
    }
    fields.add(new DataField(SEQUENCE_NUMBER_ID, SEQUENCE_NUMBER, DataTypes.BIGINT().notNull()));
    fields.add(new DataField(VALUE_KIND_ID, VALUE_KIND, DataTypes.TINYINT().notNull()));
    fields.addAll(valueType.fields());
    this.fileType = new RowType(fields);
  }

  public RowType keyType() {
    return keyType;
  }

  public RowType valueType() {
    return valueType;
  }

  /** The whole row type of a primary-key data file. */
  public RowType fileType() {
    return fileType;
  }

  public int keyArity() {
    return keyType.size();
  }

  public int sequenceIndex() {
    return keyType.size();
  }

  public int kindIndex() {
    return keyType.size() + 1;
  }

  public int valueOffset() {
    return keyType.size() + 2;
  }

  /** A file row for a table row with its sequence number and kind. */
  public Object[] toFileRow(Object[] value, long sequence, RowKind kind) {
    Object[] row = new Object[fileType.size()];
    for (int i = 0; i < keyIndexesInValue.length; i++) {
      row[i] = value[keyIndexesInValue[i]];
    }
    row[sequenceIndex()] = sequence;
    row[kindIndex()] = kind.value();
    System.arraycopy(value, 0, row, valueOffset(), value.length);
    return row;
  }
}
