package io.strata.core.progress;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;

/**
 * Captures what a class logs at INFO and above through slf4j (bound to Log4j 2 in tests, as in
 * Spark), for the duration of a try-with-resources block: a logger configuration of its own, at
 * INFO and not additive (the console stays at WARN), removed again on close.
 */
public final class LogCapture implements AutoCloseable {

  private final List<String> messages = new CopyOnWriteArrayList<>();
  private final String name;
  private final LoggerContext context;
  private final LoggerConfig previous;
  private final AbstractAppender appender;

  private LogCapture(Class<?> source) {
    this.name = source.getName();
    this.context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    this.previous = config.getLoggers().get(name);
    this.appender =
        new AbstractAppender("capture-" + name, null, null, true, null) {
          @Override
          public void append(LogEvent event) {
            messages.add(event.getMessage().getFormattedMessage());
          }
        };
    appender.start();
    LoggerConfig own = new LoggerConfig(name, Level.INFO, false);
    own.addAppender(appender, null, null);
    if (previous != null) {
      config.removeLogger(name);
    }
    config.addLogger(name, own);
    context.updateLoggers();
  }

  /** Starts capturing what {@code source} logs. */
  public static LogCapture of(Class<?> source) {
    return new LogCapture(source);
  }

  /** The formatted messages logged so far, oldest first. */
  public List<String> messages() {
    return List.copyOf(messages);
  }

  /** The one message that starts with {@code prefix}; fails when none or several do. */
  public String single(String prefix) {
    List<String> matching = messages.stream().filter(m -> m.startsWith(prefix)).toList();
    if (matching.size() != 1) {
      throw new AssertionError(
          "Expected one message starting with '" + prefix + "', got " + messages);
    }
    return matching.get(0);
  }

  @Override
  public void close() {
    Configuration config = context.getConfiguration();
    config.removeLogger(name);
    if (previous != null) {
      config.addLogger(name, previous);
    }
    context.updateLoggers();
    appender.stop();
  }
}
