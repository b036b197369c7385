package io.strata.core.options;

/** {@code snapshot.expire.execution-mode}: whether a write waits for snapshot expiration. */
public enum ExpireExecutionMode implements OptionEnum {
  SYNC("sync"),
  ASYNC("async");

  private final String value;

  ExpireExecutionMode(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}
