; Inno Setup script: a Windows installer around the PyInstaller one-folder bundle.
;
; Build on Windows from the repository root, after `pyinstaller --noconfirm packaging\pyinstaller\deepdecide.spec`:
;   for /f %v in ('python -c "import importlib.metadata as m; print(m.version('deepdecide'))"') do ^
;     iscc /DAppVersion=%v packaging\windows\deepdecide.iss
; (PowerShell: iscc "/DAppVersion=$(python -c 'import importlib.metadata as m; print(m.version(""deepdecide""))')" ...)
; The version is never written here: it comes from the package metadata, passed in as AppVersion.
; Output: dist\deepdecide-<version>-setup.exe

#ifndef AppVersion
  #error Pass the version from the package metadata: iscc /DAppVersion=X.Y.Z packaging\windows\deepdecide.iss
#endif

#define AppId "io.github.deepdecide.DeepDecide"
#define AppName "deepdecide"
#define BundleDir "..\..\dist\deepdecide"

[Setup]
; AppId identifies the installation for upgrades and uninstall: never change it
AppId={#AppId}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=deepdecide engineers
AppPublisherURL=https://github.com/deepdecide/deepdecide
AppSupportURL=https://github.com/deepdecide/deepdecide/issues
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; per-user install by default (no administrator rights needed); the user may choose all users
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename={#AppName}-{#AppVersion}-setup
SetupIconFile=..\..\dist\{#AppId}.ico
UninstallDisplayIcon={app}\deepdecide-gui.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
#if FileExists(AddBackslash(SourcePath) + "..\..\LICENSE")
LicenseFile=..\..\LICENSE
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\deepdecide-gui.exe"; AppUserModelID: "{#AppId}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\deepdecide-gui.exe"; Tasks: desktopicon; AppUserModelID: "{#AppId}"

[Registry]
; Windows picks a handler by the last extension only (.yaml), so deepdecide does not take over
; every YAML file: it is offered under "Open with" for .yaml. deepdecide-gui.exe opens the file it is given.
Root: HKA; Subkey: "Software\Classes\{#AppId}.workspace"; ValueType: string; ValueName: ""; ValueData: "deepdecide workspace"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#AppId}.workspace\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\deepdecide-gui.exe,0"
Root: HKA; Subkey: "Software\Classes\{#AppId}.workspace\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\deepdecide-gui.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.yaml\OpenWithProgids"; ValueType: string; ValueName: "{#AppId}.workspace"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Applications\deepdecide-gui.exe\SupportedTypes"; ValueType: string; ValueName: ".yaml"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\deepdecide-gui.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
