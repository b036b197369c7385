package io.strata.core.options;

/** How a row's bucket follows from its bucket key ({@code bucket-function.type}). */
public enum BucketFunctionType implements OptionEnum {
  DEFAULT("default"),
  MOD("mod");

  private final String value;

  BucketFunctionType(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}
