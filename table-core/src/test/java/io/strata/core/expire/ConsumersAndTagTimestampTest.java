package io.strata.core.expire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.core.snapshot.Tag;
import io.strata.core.table.FileStoreTable;
import io.strata.core.tag.TagOperations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsumersAndTagTimestampTest {

  @TempDir Path dir;

  @Test
  void aConsumerKeepsTheSnapshotItReadsNext() throws Exception {
    FileStoreTable table = Seed002ExpirationTest.seed002(dir);
    Path consumers = dir.resolve("default.db/orders/consumer");
    Files.createDirectories(consumers);
    Files.writeString(consumers.resolve("consumer-job1"), "{\n  \"nextSnapshot\" : 2\n}");
    int expired = new SnapshotExpiration(table).expire(new ExpireConfig(1, 10, Long.MAX_VALUE, 50));
    assertThat(expired).isEqualTo(1);
    assertThat(table.snapshotManager().earliestId().getAsLong()).isEqualTo(2);
    Files.delete(consumers.resolve("consumer-job1"));
    assertThat(new SnapshotExpiration(table).expire(new ExpireConfig(1, 10, Long.MAX_VALUE, 50)))
        .isEqualTo(2);
  }

  @Test
  void tagFromTimestampFindsTheEarliestSnapshotAtOrAfterItEvenIfOnlyATagKeepsIt() {
    FileStoreTable table = Seed002ExpirationTest.seed002(dir);
    TagOperations tags = new TagOperations(table, Clock.systemUTC());
    long t1 = table.snapshotManager().snapshot(1).timeMillis();
    tags.create("keep1", 1L, null);
    new SnapshotExpiration(table).expire(new ExpireConfig(1, 1, Long.MAX_VALUE, 50));
    Tag fromOld = tags.createFromTimestamp("from_t1", t1, null);
    assertThat(fromOld.snapshot().id()).isEqualTo(1);
    long latest = table.snapshotManager().latest().timeMillis();
    Tag fromLatest = tags.createFromTimestamp("from_latest", latest, null);
    // Commits may share a millisecond: the earliest version committed at that time is chosen.
    assertThat(fromLatest.snapshot().timeMillis()).isEqualTo(latest);
    assertThatThrownBy(() -> tags.createFromTimestamp("none", Long.MAX_VALUE, null))
        .hasMessageStartingWith(
            "No snapshot was committed at or after timestamp [" + Long.MAX_VALUE + "]");
  }
}
