package io.strata.core.paths;

/**
 * The kinds of names users give that become file or directory names, each with the prefix and
 * suffix that turn the name into its path component ({@code <db>.db}, {@code tag-<name>}).
 */
public enum NameKind {
  DATABASE("database", "", ".db"),
  TABLE("table", "", ""),
  TAG("tag", "tag-", ""),
  CONSUMER("consumer", "consumer-", ""),
  BRANCH("branch", "branch-", "");

  private final String noun;
  private final String prefix;
  private final String suffix;

  NameKind(String noun, String prefix, String suffix) {
    this.noun = noun;
    this.prefix = prefix;
    this.suffix = suffix;
  }

  /** How messages call it: "table", "tag". */
  public String noun() {
    return noun;
  }

  /** The file or directory name that holds {@code name}. */
  public String component(String name) {
    return prefix + name + suffix;
  }
}
