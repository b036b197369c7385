package io.strata.core.options;

/** A Java enum whose constants are the values of one table option, as Paimon spells them. */
public interface OptionEnum {

  /** The value as written in table properties, lower case ({@code first-row}). */
  String value();
}
