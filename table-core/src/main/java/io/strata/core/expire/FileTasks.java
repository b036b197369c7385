package io.strata.core.expire;

import io.strata.core.io.FileTaskPool;
import io.strata.core.options.ExpireOptions;
import io.strata.core.store.FileStore;

/** The thread pool of a table's file maintenance, sized by {@code delete-file.thread-num}. */
final class FileTasks {

  private FileTasks() {}

  static FileTaskPool of(FileStore table) {
    return FileTaskPool.withThreads(table.options().get(ExpireOptions.DELETE_FILE_THREAD_NUM));
  }
}
