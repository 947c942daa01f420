package io.rdmascope.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code gui}: starts the desktop application ({@code io.rdmascope.gui.RdmascopeApp}) when the GUI
 * module is on the class path. It is looked up by name so that the command line needs neither the
 * GUI module nor JavaFX.
 */
@Command(name = "gui", description = "Open the desktop application.")
final class GuiCommand implements Callable<Integer> {
    static final String APP = "io.rdmascope.gui.RdmascopeApp";

    private final Main.Env env;

    @Parameters(paramLabel = "FILE", arity = "0..1", description = "a capture to open")
    String file;

    GuiCommand(Main.Env env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        Class<?> app;
        try {
            app = Class.forName(APP);
        } catch (ClassNotFoundException | LinkageError e) {
            env.error("the GUI is not available: its module is not on the class path "
                    + "(build it with 'mvn -B -DskipTests package', then run ./rdmascope gui)");
            return Main.EXIT_INPUT;
        }
        List<String> args = new ArrayList<>();
        if (file != null) {
            args.add(file);
        }
        String[] argv = args.toArray(new String[0]);
        try {
            Method main = app.getMethod("main", String[].class);
            main.invoke(null, (Object) argv);
            return 0;
        } catch (NoSuchMethodException e) {
            try {
                Class<?> application = Class.forName("javafx.application.Application");
                Method launch = application.getMethod("launch", Class.class, String[].class);
                    launch.invoke(null, app, argv);
                return 0;
            } catch (ReflectiveOperationException | LinkageError e2) {
                env.error("the GUI cannot start: " + e2);
                return Main.EXIT_INPUT;
            }
        } catch (InvocationTargetException e) {
            env.error("the GUI failed: " + e.getCause());
            return Main.EXIT_INPUT;
        } catch (ReflectiveOperationException | LinkageError e) {
            env.error("the GUI cannot start: " + e);
            return Main.EXIT_INPUT;
        }
    }
}
