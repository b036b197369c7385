package io.strata.core.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.json.PaimonJson;
import io.strata.core.options.OptionRegistry;
import io.strata.core.table.FileStoreTable;
import io.strata.core.table.TableTestSupport;
import io.strata.core.types.DataField;
import io.strata.core.types.DataTypes;
import io.strata.core.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionMarkDoneTest {

  private static final RowType ROWS =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT()),
              new DataField(1, "dt", DataTypes.STRING()),
              new DataField(2, "hh", DataTypes.INT())));

  @TempDir Path dir;

  private FileStoreTable table(Map<String, String> options) {
    return TableTestSupport.create(
        TableTestSupport.catalog(dir), "t", ROWS, List.of("dt", "hh"), options);
  }

  private String successFile(String partition) throws Exception {
    return Files.readString(dir.resolve("default.db/t/" + partition + "/_SUCCESS"));
  }

  @Test
  void aSuccessFileMarksEachPartitionAndMarkingAgainKeepsItsCreationTime() throws Exception {
    PartitionMarkDone markDone = new PartitionMarkDone(table(Map.of()));

    List<String> marked =
        markDone.markDone(List.of(new Object[] {"2026-12-01", 1}, new Object[] {"x/y", 2}), 1000L);

    assertThat(marked).containsExactly("dt=2026-12-01/hh=1", "dt=x%2Fy/hh=2");
    assertThat(PaimonJson.parse(successFile("dt=2026-12-01/hh=1")).get("creationTime").asLong())
        .isEqualTo(1000L);
    markDone.markDone(List.<Object[]>of(new Object[] {"2026-12-01", 1}), 5000L);
    var again = PaimonJson.parse(successFile("dt=2026-12-01/hh=1"));
    assertThat(again.get("creationTime").asLong()).isEqualTo(1000L);
    assertThat(again.get("modificationTime").asLong()).isEqualTo(5000L);
    assertThat(successFile("dt=x%2Fy/hh=2")).contains("\"modificationTime\" : 1000");
  }

  @Test
  void actionsThatNeedAMetastoreOrAServiceAreRefusedBeforeAnythingIsWritten() {
    FileStoreTable table =
        table(Map.of("partition.mark-done-action", "success-file,done-partition"));

    assertThatThrownBy(() -> new PartitionMarkDone(table))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("'done-partition'")
        .hasMessageContaining("'success-file,done-partition'");
    assertThat(dir.resolve("default.db/t/dt=a")).doesNotExist();
    assertThatThrownBy(
            () -> OptionRegistry.validate(Map.of("partition.mark-done-action", "success-file,ftp")))
        .hasMessageContaining("partition.mark-done-action")
        .hasMessageContaining("success-file, done-partition");
  }
}
