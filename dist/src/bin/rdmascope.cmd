@echo off
rem rdmascope launcher of the release archive for Windows: runs the command line on the jars in
rem ..\lib with a Java 17 or later runtime, JAVA_HOME's if it is set, else the java on the PATH.
rem RDMASCOPE_JAVA_OPTS replaces the JVM options below.
setlocal EnableExtensions
set "RDMASCOPE_HOME=%~dp0.."
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" (
  set "RDMASCOPE_JAVA=%JAVA_HOME%\bin\java.exe"
  goto version
)
where java >nul 2>&1
if errorlevel 1 (
  echo rdmascope: no Java runtime found: install Java 17 or later, or set JAVA_HOME 1>&2
  exit /b 2
)
set "RDMASCOPE_JAVA=java"

:version
rem "java -version" prints: openjdk version "17.0.2" 2022-01-18 (or "1.8.0_392" for Java 8)
set "RDMASCOPE_JAVA_VERSION="
for /f "tokens=3" %%v in ('""%RDMASCOPE_JAVA%" -version 2>&1 | findstr /i /c:"version""') do (
  if not defined RDMASCOPE_JAVA_VERSION set "RDMASCOPE_JAVA_VERSION=%%~v"
)
set "RDMASCOPE_JAVA_MAJOR=0"
for /f "delims=.-+_ " %%m in ("%RDMASCOPE_JAVA_VERSION%") do set "RDMASCOPE_JAVA_MAJOR=%%m"
set /a RDMASCOPE_JAVA_MAJOR=%RDMASCOPE_JAVA_MAJOR% 2>nul
if %RDMASCOPE_JAVA_MAJOR% LSS 17 (
  echo rdmascope: %RDMASCOPE_JAVA% is not Java 17 or later ^(set JAVA_HOME to a Java 17+ runtime^) 1>&2
  exit /b 2
)

rem The same options as the launcher for Linux and macOS (see it for why).
set "RDMASCOPE_OPTS=-XX:+UseSerialGC -Xmx256m -Xmn6m -XX:PretenureSizeThreshold=128k -XX:MaxTenuringThreshold=0 -XX:TieredStopAtLevel=1 -Xss1m -XX:-UsePerfData"
if /i "%~1"=="gui" set "RDMASCOPE_OPTS=-XX:+UseSerialGC -Xmn16m -XX:TieredStopAtLevel=1 -XX:-UsePerfData"
if %RDMASCOPE_JAVA_MAJOR% GEQ 22 set "RDMASCOPE_OPTS=%RDMASCOPE_OPTS% --enable-native-access=ALL-UNNAMED"
if defined RDMASCOPE_JAVA_OPTS set "RDMASCOPE_OPTS=%RDMASCOPE_JAVA_OPTS%"
"%RDMASCOPE_JAVA%" %RDMASCOPE_OPTS% -cp "%RDMASCOPE_HOME%\lib\*" io.rdmascope.cli.Main %*
exit /b %ERRORLEVEL%
