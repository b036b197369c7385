package io.strata.core.paths;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NamesTest {

  /** Hostile names and the rule each breaks, whatever the kind of name. */
  static Stream<Arguments> hostileNames() {
    return Stream.of(
        Arguments.of("", "it is empty"),
        Arguments.of("   ", "it is only white space"),
        Arguments.of(".", "'.' and '..' mean the current and the parent directory"),
        Arguments.of("..", "'.' and '..' mean the current and the parent directory"),
        Arguments.of("../../evil", "it contains '/', the path separator"),
        Arguments.of("bad/name", "it contains '/', the path separator"),
        Arguments.of("/etc", "it contains '/', the path separator"),
        Arguments.of("..\\..\\evil", "it contains '\\', a path separator on Windows"),
        Arguments.of("file:evil", "it contains ':', which a Hadoop path reads as the end of a URI"),
        Arguments.of("nul\u0000byte", "it contains the control character U+0000"),
        Arguments.of("new\nline", "it contains the control character U+000A"),
        Arguments.of("tab\tname", "it contains the control character U+0009"),
        Arguments.of("del\u007f", "it contains the control character U+007F"),
        Arguments.of("rtl\u202eevil", "invisible or direction-changing character U+202E"),
        Arguments.of("zero\u200bwidth", "invisible or direction-changing character U+200B"),
        Arguments.of("line\u2028sep", "invisible or direction-changing character U+2028"),
        Arguments.of("half\ud800", "invisible or direction-changing character U+D800"),
        Arguments.of("a\u2215b", "it contains U+2215, which looks like a path separator"),
        Arguments.of("a\u2044b", "it contains U+2044, which looks like a path separator"),
        Arguments.of("a\uff0fb", "it contains U+FF0F, which looks like a path separator"),
        Arguments.of("a\uff3cb", "it contains U+FF3C, which looks like a path separator"),
        Arguments.of("\uff0e\uff0e", "it reads as '..' once Unicode-normalized (NFKC)"),
        Arguments.of("\u2025", "it reads as '..' once Unicode-normalized (NFKC)"),
        Arguments.of("\u2024", "it reads as '.' once Unicode-normalized (NFKC)"),
        Arguments.of("x".repeat(300), "bytes long in UTF-8, and at most 255 fit a file name"),
        Arguments.of("\u00e9".repeat(130), "bytes long in UTF-8, and at most 255 fit a file name"));
  }

  static Stream<Arguments> kinds() {
    return Stream.of(
        Arguments.of(NameKind.DATABASE, (UnaryOperator<String>) Names::database),
        Arguments.of(NameKind.TABLE, (UnaryOperator<String>) Names::table),
        Arguments.of(NameKind.TAG, (UnaryOperator<String>) Names::tag),
        Arguments.of(NameKind.TAG, (UnaryOperator<String>) Names::newTag),
        Arguments.of(NameKind.CONSUMER, (UnaryOperator<String>) Names::consumer));
  }

  static Stream<Arguments> hostileNamesOfEveryKind() {
    return kinds()
        .flatMap(
            k ->
                hostileNames()
                    .map(n -> Arguments.of(k.get()[0], k.get()[1], n.get()[0], n.get()[1])));
  }

  @ParameterizedTest(name = "{0} {2}")
  @MethodSource("hostileNamesOfEveryKind")
  void rejectsHostileNamesWithTheRuleTheyBreak(
      NameKind kind, UnaryOperator<String> check, String name, String rule) {
    assertThatThrownBy(() -> check.apply(name))
        .isInstanceOf(InvalidNameException.class)
        .hasMessageStartingWith("Invalid " + kind.noun() + " name ")
        .hasMessageContaining(rule)
        .hasMessageContaining("Choose another name");
  }

  @Test
  void showsInvisibleCharactersEscapedAndLongNamesShortened() {
    assertThatThrownBy(() -> Names.table("a\u0000b"))
        .hasMessageStartingWith("Invalid table name 'a\\u0000b': it contains the control");
    assertThatThrownBy(() -> Names.table("y".repeat(300)))
        .hasMessageStartingWith("Invalid table name '" + "y".repeat(64) + "...' (300 characters)");
    assertThatThrownBy(() -> Names.table(null))
        .hasMessageStartingWith("Invalid table name NULL: a name is required");
  }

  @Test
  void appliesPaimonsRulesPerKind() {
    assertThatThrownBy(() -> Names.table("t$snapshots"))
        .hasMessageContaining("it contains '$', which marks system tables such as t$snapshots");
    assertThatThrownBy(() -> Names.database("SYS"))
        .hasMessageContaining("'sys' is reserved for the read-only system database");
    assertThatThrownBy(() -> Names.newTag("42"))
        .hasMessageContaining("a numeric name would be ambiguous with snapshot ids");
    assertThat(Names.tag("42")).isEqualTo("42"); // looking a numeric tag up is fine
    assertThat(Names.database("t$x")).isEqualTo("t$x");
  }

  @Test
  void lengthCountsTheWholeFileName() {
    String name = "x".repeat(251);
    assertThat(Names.table(name)).isEqualTo(name);
    assertThat(Names.newTag(name)).isEqualTo(name); // tag-<251> is 255 bytes
    assertThat(Names.database(name)).isEqualTo(name); // <251>.db is 254 bytes
    assertThatThrownBy(() -> Names.consumer(name)) // consumer-<251> is 260 bytes
        .hasMessageContaining("its consumer file name is 260 bytes long");
  }

  @Test
  void acceptsOrdinaryAndUnicodeNames() {
    for (String name :
        new String[] {
          "orders",
          "Orders_2026",
          "t-1",
          "a.b",
          "...",
          ".hidden",
          "_tmp",
          "caf\u00e9",
          "\u65e5\u672c",
          "\ud83d\ude00",
          "a b",
          "x%2Fy",
          "100%",
          "a=b"
        }) {
      assertThat(Names.table(name)).isEqualTo(name);
      assertThat(Names.database(name)).isEqualTo(name);
      assertThat(Names.newTag(name)).isEqualTo(name);
      assertThat(Names.consumer(name)).isEqualTo(name);
    }
  }
}
