package io.strata.core.paths;

/** A user-given name that breaks a naming rule; the message names the name and the rule. */
public final class InvalidNameException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private InvalidNameException(NameKind kind, String name, String rule, String why) {
    super(
        "Invalid "
            + kind.noun()
            + " name "
            + Names.quote(name)
            + ": "
            + rule
            + "."
            + why
            + " Choose another name (letters, digits and '_' are always safe).");
  }

  /** The name cannot become one plain path component inside its parent directory. */
  static InvalidNameException unsafePath(NameKind kind, String name, String rule) {
    return new InvalidNameException(
        kind,
        name,
        rule,
        " Names become directories and files under the warehouse, so each must stay one plain"
            + " path component.");
  }

  /** The name is safe as a path but reserved or ambiguous (Paimon's naming rules). */
  static InvalidNameException reserved(NameKind kind, String name, String rule) {
    return new InvalidNameException(kind, name, rule, "");
  }
}
