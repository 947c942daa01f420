@echo off
rem rdmascope launcher of the release archive for Windows: runs the command line on the jars in
rem ..\lib with JAVA_HOME's Java (17 or later) if it is set, else the java on the PATH.
setlocal
set "RDMASCOPE_HOME=%~dp0.."
if defined JAVA_HOME (set "RDMASCOPE_JAVA=%JAVA_HOME%\bin\java.exe") else (set "RDMASCOPE_JAVA=java")
"%RDMASCOPE_JAVA%" %RDMASCOPE_JAVA_OPTS% -cp "%RDMASCOPE_HOME%\lib\*" io.rdmascope.cli.Main %*
exit /b %ERRORLEVEL%
