package io.strata.spark.extensions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OptionPrecedenceTest {

  private final OptionPrecedence precedence =
      new OptionPrecedence(Set.of("scan.snapshot-id", "write.merge-schema")::contains);
  private final OptionPrecedence.TableName events =
      new OptionPrecedence.TableName("strata", "db", "events");

  @Test
  void statementOptionsWinOverPerTableSessionConfWhichWinsOverGlobal() {
    Map<String, String> conf =
        Map.of(
            "spark.strata.scan.snapshot-id", "1",
            "spark.strata.strata.db.events.scan.snapshot-id", "2");

    assertThat(precedence.resolve(conf, events, Map.of())).containsEntry("scan.snapshot-id", "2");
    assertThat(precedence.resolve(conf, events, Map.of("scan.snapshot-id", "3")))
        .containsEntry("scan.snapshot-id", "3");
  }

  @Test
  void perTableKeysMatchWildcardsAndOnlyTheirTable() {
    Map<String, String> conf =
        Map.of(
            "spark.paimon.*.db.*.scan.snapshot-id", "4",
            "spark.strata.strata.db.other.scan.tag-name", "t");

    Map<String, String> resolved = precedence.resolve(conf, events, Map.of());
    assertThat(resolved).containsEntry("scan.snapshot-id", "4").doesNotContainKey("scan.tag-name");
    assertThat(precedence.resolve(conf, null, Map.of())).isEmpty();
  }

  @Test
  void otherSessionConfIsIgnored() {
    assertThat(
            precedence.resolve(
                Map.of(
                    "spark.sql.shuffle.partitions", "2", "spark.strata.write.merge-schema", "true"),
                null,
                Map.of()))
        .containsExactly(Map.entry("write.merge-schema", "true"));
  }
}
